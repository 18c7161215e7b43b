import { failWith } from "../errors.ts";
import { HTTP_TEXTS } from "./http-errors.ts";

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/i;

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
  const [year = Number.NaN, month = Number.NaN, day = Number.NaN] = text.slice(0, 10).split("-").map(Number);
  // Not Date.UTC: it reads the years 0 to 99 as 1900 to 1999.
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day);
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

function invalid(field: string, text: string): never {
  failWith(HTTP_TEXTS.notADate, { values: { field, value: text }, details: { field } });
}
