import type { JournalEntry } from "../contracts/journal/entry.ts";
import type { DemoUser } from "../users.ts";

/** A demo user by email, anyone else by the id as sent. */
export function userLabel(user: string, users: readonly DemoUser[]): string {
  return users.find((candidate) => candidate.id === user)?.email ?? user;
}

const COLUMNS = [
  { title: "TIME", width: 12 },
  { title: "SERVICE", width: 10 },
  { title: "METHOD", width: 7 },
  { title: "STATUS", width: 6 },
  { title: "MS", width: 8, right: true },
  { title: "USER", width: 20 },
  { title: "AGENT", width: 5 },
  { title: "PATH", width: 0 },
] as const;

/** The table's heading; its columns have fixed widths, so that rows printed one by one (`--follow`) line up too. */
export function journalHeading(): string {
  return formatRow(COLUMNS.map((column) => column.title));
}

/** One entry as a row: its time (UTC, on the sandbox clock), server, method, status, duration, user, agent, and path with its query last (it may be long). */
export function journalRow(entry: JournalEntry, users: readonly DemoUser[]): string {
  return formatRow([
    entry.time.slice(11, 23),
    entry.service,
    entry.method,
    String(entry.status),
    entry.durationMs.toFixed(1),
    entry.user === undefined ? "-" : userLabel(entry.user, users),
    entry.agent ? "yes" : "-",
    `${entry.path}${entry.query ? `?${entry.query}` : ""}`,
  ]);
}

function formatRow(cells: readonly string[]): string {
  return cells
    .map((cell, index) => {
      const column = COLUMNS[index]!;
      return "right" in column ? cell.padStart(column.width) : cell.padEnd(column.width);
    })
    .join("  ")
    .trimEnd();
}
