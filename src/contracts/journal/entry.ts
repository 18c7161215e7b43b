import type { FromSchema } from "../../json-schema.ts";
import type { ServiceName } from "../../service-names.ts";
import { HEALTH_PATH } from "../service-routes.ts";
import type { JOURNAL_BODY, JOURNAL_ENTRY } from "./schemas.ts";

/** A body as the journal keeps it: its text up to the size limit. */
export type JournalBody = FromSchema<typeof JOURNAL_BODY>;

/** One request a server answered, as the journal shows it (GET /__sandbox/journal): every secret in it masked as `***`. */
export type JournalEntry = FromSchema<typeof JOURNAL_ENTRY>;

/** Which entries to list, follow or count; every field given must match. */
export interface JournalFilter {
  service?: ServiceName;
  /** Compared without regard to case. */
  method?: string;
  /** The path without the query, exactly. */
  path?: string;
  user?: string;
  agent?: boolean;
  /** The answer's status: a code ("503") or a class ("5xx"), as STATUS_FILTER takes it. */
  status?: string;
  /** False: leave out the health checks (GET /health), which the terminal UI, `status` and `start --detach` send. */
  health?: boolean;
}

/** A status filter: a code from 100 to 599, or a class from 1xx to 5xx. */
export const STATUS_FILTER = /^[1-5](\d\d|xx)$/;

/** The fields of an entry a filter looks at. */
type Filtered = Pick<JournalEntry, "service" | "method" | "path" | "user" | "agent" | "status">;

export function matchesFilter(entry: Filtered, filter: JournalFilter): boolean {
  return (
    (filter.service === undefined || entry.service === filter.service) &&
    (filter.method === undefined || entry.method === filter.method.toUpperCase()) &&
    (filter.path === undefined || entry.path === filter.path) &&
    (filter.user === undefined || entry.user === filter.user) &&
    (filter.agent === undefined || entry.agent === filter.agent) &&
    (filter.status === undefined || statusMatches(entry.status, filter.status)) &&
    (filter.health !== false || entry.path !== HEALTH_PATH)
  );
}

function statusMatches(status: number, wanted: string): boolean {
  return wanted.endsWith("xx") ? Math.floor(status / 100) === Number(wanted[0]) : status === Number(wanted);
}

/** The filter as the journal routes take it in their query string. */
export function filterQuery(filter: JournalFilter, more: Record<string, number | undefined> = {}): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filter, ...more }))
    if (value !== undefined) query.set(name, String(value));
  return query;
}
