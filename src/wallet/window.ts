import { parseInstant } from "../contracts/instant.ts";
import { WALLET_TEXTS } from "../contracts/wallet/errors.ts";
import { PERIODS, type Period } from "../contracts/wallet/periods.ts";
import { failWith } from "../errors.ts";

/** The time span a transaction query covers; both ends inclusive. Null ends are open. */
export interface TimeWindow {
  from: Date | null;
  to: Date | null;
}

const DAY_MS = 86_400_000;

/**
 * The window of `period` (rolling: the last 7, 30, 90 or 365 days up to now) or of `from`/`to`
 * (ISO 8601 dates or date-times, UTC unless they carry an offset; a date-only `to` covers that
 * whole day). Both at once, or a malformed date, is a 400 that names what is allowed.
 */
export function parseWindow(query: { period?: Period; from?: string; to?: string }, now: Date): TimeWindow | null {
  if (query.period !== undefined && (query.from !== undefined || query.to !== undefined)) {
    failWith(WALLET_TEXTS.periodAndRange, { details: { field: "period" } });
  }
  if (query.period !== undefined) return { from: new Date(now.getTime() - PERIODS[query.period] * DAY_MS), to: now };
  if (query.from === undefined && query.to === undefined) return null;
  const from = query.from === undefined ? null : parseInstant("from", query.from, "start");
  const to = query.to === undefined ? null : parseInstant("to", query.to, "end");
  if (from && to && from > to)
    failWith(WALLET_TEXTS.fromAfterTo, { values: { from: query.from!, to: query.to! }, details: { field: "from" } });
  return { from, to };
}

export function inWindow(instant: string, window: TimeWindow | null): boolean {
  if (!window) return true;
  const time = Date.parse(instant);
  return (window.from === null || time >= window.from.getTime()) && (window.to === null || time <= window.to.getTime());
}
