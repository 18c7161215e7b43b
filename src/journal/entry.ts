import type { ServiceName } from "../config/options.ts";

/** A body as the journal keeps it: its text up to the size limit. */
export interface JournalBody {
  text: string;
  /** The body was longer than the limit: `text` is its beginning. */
  truncated: boolean;
}

/** One request a server answered, as the journal shows it: every secret in it masked as `***`. */
export interface JournalEntry {
  /** Grows with each entry, across the servers: the order in which the answers were ready. */
  id: number;
  /** When the request arrived, on the sandbox clock. */
  time: string;
  service: ServiceName;
  method: string;
  path: string;
  /** The query string without its `?`; "" when there is none. */
  query: string;
  status: number;
  /** From the request's arrival to its answer being ready (for an event stream: until it opened). */
  durationMs: number;
  /** The end user: X-End-User-Id, else the subject of the bearer token (or `?access_token=`), read without checking its signature. */
  user?: string;
  /** The request came with the agent's service token. */
  agent: boolean;
  /** The body is there when the route read one. */
  request: { headers: Record<string, string>; body?: JournalBody };
  /** An event stream has no body here: only its status and headers. */
  response: { headers: Record<string, string>; body?: JournalBody };
}

/** Which entries to list, follow or count; every field given must match. */
export interface JournalFilter {
  service?: ServiceName;
  /** Compared without regard to case. */
  method?: string;
  /** The path without the query, exactly. */
  path?: string;
  user?: string;
  agent?: boolean;
}

/** The fields of an entry a filter looks at. */
type Filtered = Pick<JournalEntry, "service" | "method" | "path" | "user" | "agent">;

export function matchesFilter(entry: Filtered, filter: JournalFilter): boolean {
  return (
    (filter.service === undefined || entry.service === filter.service) &&
    (filter.method === undefined || entry.method === filter.method.toUpperCase()) &&
    (filter.path === undefined || entry.path === filter.path) &&
    (filter.user === undefined || entry.user === filter.user) &&
    (filter.agent === undefined || entry.agent === filter.agent)
  );
}

/** The filter as the journal routes take it in their query string. */
export function filterQuery(filter: JournalFilter, more: Record<string, number | undefined> = {}): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filter, ...more }))
    if (value !== undefined) query.set(name, String(value));
  return query;
}
