import type { JournalBody, JournalEntry } from "../../contracts/journal/entry.ts";
import type { TrafficEntry } from "../client/traffic.ts";
import { jsonLines } from "../components/JsonView.tsx";
import type { Column } from "../components/Table.tsx";

/** One exchange as the Traffic screen lists and opens it, from the UI's traffic log or the sandbox's journal (secrets already masked by either). */
export interface ExchangeRow {
  key: string;
  time: Date;
  method: string;
  /** The whole URL (the UI's own), or the path and query (the journal, with `service`). */
  target: string;
  service?: string;
  status?: number;
  /** No answer came: why. */
  error?: string;
  ms: number;
  size?: number;
  user?: string;
  agent?: boolean;
  request: { headers: Record<string, string>; body?: string; truncated?: boolean };
  response?: { headers: Record<string, string>; body?: string; truncated?: boolean };
}

export function fromTraffic(entry: TrafficEntry): ExchangeRow {
  return {
    key: `ui-${entry.id}`,
    time: entry.time,
    method: entry.method,
    target: entry.url,
    status: entry.status,
    error: entry.error,
    ms: entry.durationMs,
    size: entry.size,
    request: entry.request,
    response: entry.response,
  };
}

/** A journal entry as a row; a demo user shows by email, as `sandbox journal` shows them. */
export function fromJournal(entry: JournalEntry, users: readonly { id: string; email: string }[]): ExchangeRow {
  const body = (kept?: JournalBody) => (kept ? { body: kept.text, truncated: kept.truncated } : {});
  return {
    key: `journal-${entry.id}`,
    time: new Date(entry.time),
    method: entry.method,
    target: entry.query ? `${entry.path}?${entry.query}` : entry.path,
    service: entry.service,
    status: entry.status,
    ms: entry.durationMs,
    user: users.find((user) => user.id === entry.user)?.email ?? entry.user,
    agent: entry.agent,
    request: { headers: entry.request.headers, ...body(entry.request.body) },
    response: { headers: entry.response.headers, ...body(entry.response.body) },
  };
}

const clockTime = (row: ExchangeRow) => row.time.toTimeString().slice(0, 8);
const status = (row: ExchangeRow) => (row.status === undefined ? "ERR" : String(row.status));
const ms = (row: ExchangeRow) => `${Math.round(row.ms)}`;

/** The columns of the UI's own exchanges; the URL takes what room is left. */
export function ownColumns(width: number): Column<ExchangeRow>[] {
  const fixed: Column<ExchangeRow>[] = [
    { title: "time", width: 8, value: clockTime },
    { title: "method", width: 6, value: (row) => row.method },
    { title: "st", width: 3, value: status },
    { title: "ms", width: 5, right: true, value: ms },
    { title: "size", width: 7, right: true, value: (row) => (row.size === undefined ? "" : formatSize(row.size)) },
  ];
  return [
    ...fixed,
    {
      title: "URL",
      width: roomLeft(width, fixed),
      value: (row) => (row.error ? `${row.target}  (${row.error})` : row.target),
    },
  ];
}

/** The columns of the journal: who asked (the end user, the agent) as well; the path takes what room is left. */
export function journalColumns(width: number): Column<ExchangeRow>[] {
  const fixed: Column<ExchangeRow>[] = [
    { title: "time", width: 8, value: clockTime },
    { title: "service", width: 10, value: (row) => row.service ?? "" },
    { title: "method", width: 6, value: (row) => row.method },
    { title: "st", width: 3, value: status },
    { title: "ms", width: 5, right: true, value: ms },
    { title: "user", width: 10, value: (row) => row.user?.replace(/@.*/, "") ?? "" },
    { title: "agent", width: 5, value: (row) => (row.agent ? "yes" : "no") },
  ];
  const path: Column<ExchangeRow> = { title: "path", width: roomLeft(width, fixed), value: (row) => row.target };
  return [...fixed.slice(0, 3), path, ...fixed.slice(3)];
}

/** What the exchange was, above its detail: the request and its answer, then (journal entries) who sent it. */
export function exchangeTitle(row: ExchangeRow): string[] {
  const answer =
    row.status === undefined
      ? `no answer: ${row.error ?? "?"}`
      : `${row.status} in ${Math.round(row.ms)} ms${row.size === undefined ? "" : `, ${formatSize(row.size)}`}`;
  const who = row.service ? [`${row.service} · user ${row.user ?? "none"} · agent ${row.agent ? "yes" : "no"}`] : [];
  return [`${row.method} ${row.target} → ${answer}`, ...who];
}

/** The exchange's headers and bodies as lines (bodies that are JSON pretty-printed), for a scrolling view. */
export function exchangeLines(row: ExchangeRow): string[] {
  const part = (title: string, half: ExchangeRow["request"] | undefined) => {
    if (!half) return [`${title}: none (no answer came)`];
    const body =
      half.body === undefined || half.body === ""
        ? ["(no body)"]
        : [...jsonLines(parsedOrText(half.body)), ...(half.truncated ? ["… (cut: the rest was not kept)"] : [])];
    return [`${title} headers`, ...jsonLines(half.headers), `${title} body`, ...body];
  };
  return [...part("Request", row.request), "", ...part("Response", row.response)];
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function roomLeft(width: number, fixed: readonly Column<ExchangeRow>[]): number {
  // Each column is followed by a space; the screen keeps a column of margin.
  return Math.max(12, width - 2 - fixed.reduce((sum, column) => sum + column.width + 1, 0));
}

export function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;
}
