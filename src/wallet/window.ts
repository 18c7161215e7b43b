import { failWith } from "../errors.ts";
import { WALLET_TEXTS } from "./errors.ts";

export const PERIODS = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 } as const;
export type Period = keyof typeof PERIODS;

/** The time span a transaction query covers; both ends inclusive. Null ends are open. */
export interface TimeWindow {
  from: Date | null;
  to: Date | null;
}

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/i;

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

/** An ISO 8601 date or date-time (UTC unless it carries an offset); a date-only `end` is the last millisecond of that day. A 400 naming `field` otherwise. */
export function parseInstant(field: string, text: string, end: "start" | "end"): Date {
  const dateOnly = DATE_ONLY.test(text);
  if (!dateOnly && !DATE_TIME.test(text)) invalid(field, text);
  const zoned = dateOnly ? `${text}T00:00:00Z` : /(Z|[+-]\d{2}:\d{2})$/i.test(text) ? text : `${text}Z`;
  const date = new Date(zoned);
  // Date parsing rolls 2026-02-30 over to March: a date that does not exist is an error instead.
  if (Number.isNaN(date.getTime()) || !isCalendarDate(text)) invalid(field, text);
  return dateOnly && end === "end" ? new Date(date.getTime() + DAY_MS - 1) : date;
}

function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split("-").map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

function invalid(field: string, text: string): never {
  failWith(WALLET_TEXTS.notADate, { values: { field, value: text }, details: { field } });
}

export function inWindow(instant: string, window: TimeWindow | null): boolean {
  if (!window) return true;
  const time = Date.parse(instant);
  return (window.from === null || time >= window.from.getTime()) && (window.to === null || time <= window.to.getTime());
}
