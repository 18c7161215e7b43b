/** Where and when: a moment, and the time zone its days are counted in, as calendar days (YYYY-MM-DD). */

/** Where and when the question is asked: "yesterday" and "in October" are read in the user's time zone. */
export interface Clock {
  now: Date;
  /** An IANA time zone, e.g. Africa/Lagos. */
  timeZone: string;
}

/** A word that names a month or a day of the week, in full or short ("nov", "tues", "september"). */
export const MONTH_OR_DAY =
  /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*$/;

/** A clock at `now` in `timeZone`, each the system's when not given. */
export function clockAt(now?: Date, timeZone?: string): Clock {
  return { now: now ?? new Date(), timeZone: timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone };
}

/** The window a question names: one of the action's periods, or days (YYYY-MM-DD, inclusive). */
export type Window =
  | { period: string; said: string }
  | { from?: string; to?: string; said: string; problem?: string }
  | undefined;

/** Today's date in the clock's time zone. */
export function dayIn(clock: Clock): string {
  return formatterIn(clock.timeZone, "day").format(clock.now);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone and use: a question reads the day and the offset many times, and making a formatter costs far more than using one. */
function formatterIn(timeZone: string, use: "day" | "offset"): Intl.DateTimeFormat {
  const key = `${use} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter =
      use === "day"
        ? new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
        : new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The first or last instant of a day in the time zone, with its offset
 * ("2026-08-29T00:00:00+01:00"): the wallet reads a bare date as a UTC day, and a salary paid at
 * 00:24 in Lagos on the 29th is 23:24 UTC on the 28th.
 */
export function dayBound(day: string, bound: "start" | "end", timeZone: string): string {
  const time = bound === "start" ? "00:00:00" : "23:59:59.999";
  const noon = new Date(`${day}T12:00:00Z`);
  const minutes = offsetMinutes({ now: noon, timeZone });
  const sign = minutes < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0");
  return `${day}T${time}${sign}${hours}:${String(Math.abs(minutes) % 60).padStart(2, "0")}`;
}

/** The time zone's offset from UTC at that moment, in minutes (chrono takes a number). */
export function offsetMinutes(clock: Clock): number {
  const name =
    formatterIn(clock.timeZone, "offset")
      .formatToParts(clock.now)
      .find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The year, the month (1–12) and the day of the month of a calendar day (YYYY-MM-DD); NaN for a part it lacks. */
export function dayParts(day: string): [year: number, month: number, date: number] {
  const [year = Number.NaN, month = Number.NaN, date = Number.NaN] = day.split("-").map(Number);
  return [year, month, date];
}

export const ymd = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function addMonths(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}
