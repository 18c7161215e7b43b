import * as chrono from "chrono-node";
import { NUMBERS_IN_WORDS } from "./phrases.ts";
import { hasPhrase, normalize } from "./text.ts";

/** Where and when the question is asked: "yesterday" and "in October" are read in the user's time zone. */
export interface Clock {
  now: Date;
  /** An IANA time zone, e.g. Africa/Lagos. */
  timeZone: string;
}

/** The window a question names: one of the action's periods, or days (YYYY-MM-DD, inclusive). */
export type Window =
  | { period: string; said: string }
  | { from?: string; to?: string; said: string; problem?: string }
  | undefined;

/** A number said in words ("the last three days"), and the vague ones a period takes. */
const NUMBER_WORDS: Record<string, number> = { couple: 2, few: 3, ...NUMBERS_IN_WORDS };
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, fortnight: 14, month: 30, year: 365 };

/**
 * The window a question names, in this order: a period phrase of the action (`values`, e.g.
 * "this month" → 30d; the longest phrase found wins), "the last N days/weeks/months" (a period
 * when it is one, else days), then dates read by chrono-node ("yesterday", "since Monday",
 * "in October", "2026-10-01 to 2026-10-31"). A year left out means the latest such date so far.
 */
export function readWindow(
  question: string,
  values: Record<string, string[]>,
  clock: Clock,
  corrected = normalize(question),
): Window {
  const text = corrected;
  const named = Object.entries(values)
    .flatMap(([period, phrases]) =>
      phrases.filter((phrase) => hasPhrase(text, phrase)).map((phrase) => ({ period, phrase })),
    )
    .sort((a, b) => b.phrase.length - a.phrase.length)[0];
  const today = dayIn(clock);
  // A period code written as such ("list transactions 7d", "period=7d").
  const code = Object.keys(values).find((period) => new RegExp(`(?:^|[\\s=:])${period}\\b`, "i").test(question));
  if (code) return { period: code, said: code };
  const part = partOf(question, values, clock);
  if (part) return part;
  const span =
    /\b(?:last|past|previous|trailing|rolling) (?:(\d+|[a-z]+)(?: of)?[ -])?(day|week|fortnight|month|year)s?\b/.exec(
      text,
    );
  const spanDays = span
    ? daysOf(span[1] === undefined ? 1 : Number(span[1]) || NUMBER_WORDS[span[1]] || 0, span[2] as string)
    : 0;
  if (spanDays > 0 && !(named && named.phrase.length >= (span?.[0].length ?? 0))) {
    const period = Object.keys(values).find((each) => periodDays(each) === spanDays);
    if (period) return { period, said: span![0] };
    return { from: addDays(today, 1 - spanDays), to: today, said: span![0] };
  }
  const weeks = weeksBack(text, today);
  if (weeks) return weeks;
  // Days the question names beside a period phrase are what it asks about ("between the 5th and the 12th of this month", "in December last year").
  const days = chronoWindow(question, clock, today, named?.phrase);
  if (named && !days) return { period: named.period, said: named.phrase };
  return days;
}

/** "The first week of", "the second half of", "the last few days of", "early", "mid", "late": a part of the month or year after it. */
const PART =
  /\b(?:(?:in|during|over|for)\s+)?(?:the\s+)?(?:(first|1st|second|2nd|third|3rd|fourth|4th|last|final)\s+(week|half|fortnight|few days|couple of days|(\d+|[a-z]+) days)\s+of|(early|mid|middle of|late))[\s-]+(?:the\s+)?(?=\S)/i;

const ORDINALS: Record<string, number> = {
  first: 0,
  "1st": 0,
  second: 1,
  "2nd": 1,
  third: 2,
  "3rd": 2,
  fourth: 3,
  "4th": 3,
};

/**
 * The part of a month or year the question narrows to ("the first week of October" is 1–7
 * October, "the second half of November" 16–30 November, "the last few days of October" 29–31
 * October, "early/mid/late October" the 1st–10th, 11th–20th, 21st–end; "the first half of the
 * year" January–June): the window of what follows, read as the question would be, then narrowed.
 */
function partOf(question: string, values: Record<string, string[]>, clock: Clock): Window {
  const match = PART.exec(question);
  if (!match) return undefined;
  const [said, ordinal, unit, count, edge] = match as unknown as [string, string?, string?, string?, string?];
  const rest = question.slice((match.index ?? 0) + said.length);
  const named = calendarUnit(rest, clock) ?? readWindow(rest, values, clock);
  if (!named || "period" in named || named.problem || !named.from || !named.to) return undefined;
  const { from, to } = named;
  const days = daysBetween(from, to) + 1;
  const yearLong = days > 31;
  let range: [string, string];
  if (edge) {
    const third = /^early$/i.test(edge) ? 0 : /^(?:mid|middle of)$/i.test(edge) ? 1 : 2;
    range = yearLong
      ? [addMonths(from, third * 4), third === 2 ? to : addDays(addMonths(from, third * 4 + 4), -1)]
      : [addDays(from, third * 10), third === 2 ? to : addDays(from, third * 10 + 9)];
  } else if (/half/i.test(unit as string)) {
    const first = ORDINALS[(ordinal as string).toLowerCase()] === 0;
    const middle = yearLong ? addDays(addMonths(from, 6), -1) : addDays(from, 14);
    range = first ? [from, middle] : [addDays(middle, 1), to];
  } else {
    const length = /fortnight/i.test(unit as string)
      ? 14
      : /week/i.test(unit as string)
        ? 7
        : /few/i.test(unit as string)
          ? 3
          : /couple/i.test(unit as string)
            ? 2
            : Number(count) || NUMBER_WORDS[(count as string).toLowerCase()] || 0;
    if (length <= 0 || length > days) return undefined;
    const last = /^(?:last|final)$/i.test(ordinal as string);
    const index = ORDINALS[(ordinal as string).toLowerCase()] ?? 0;
    const start = last ? addDays(to, 1 - length) : addDays(from, index * length);
    if (start > to) return undefined;
    range = [start, last ? to : minDay(addDays(start, length - 1), to)];
  }
  const start = match.index ?? 0;
  const end = question.toLowerCase().indexOf(named.said.toLowerCase(), start + said.length);
  return {
    from: range[0],
    to: range[1],
    said: question.slice(start, end >= 0 ? end + named.said.length : start + said.length).trim(),
  };
}

/** "The month", "this year", "last month" after a part: the calendar month or year, not the 30 or 365 days of a period. */
function calendarUnit(rest: string, clock: Clock): Window {
  const match = /^\s*((?:the|this|current|last|previous|past)\s+)?(?:the\s+)?(month|year)\b/i.exec(rest);
  if (!match) return undefined;
  const today = dayIn(clock);
  const back = /last|previous|past/i.test(match[1] ?? "") ? 1 : 0;
  const said = match[0].trim();
  if (/month/i.test(match[2] as string)) {
    const from = addMonths(`${today.slice(0, 8)}01`, -back);
    return { from, to: addDays(addMonths(from, 1), -1), said };
  }
  const year = Number(today.slice(0, 4)) - back;
  return { from: `${year}-01-01`, to: `${year}-12-31`, said };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function addMonths(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

const minDay = (a: string, b: string) => (a < b ? a : b);

/** Days in N units; twelve months are a year. */
function daysOf(count: number, unit: string): number {
  if (unit === "month" && count % 12 === 0) return (count / 12) * 365;
  if (unit === "month" && count === 3) return 90;
  return count * (UNIT_DAYS[unit] as number);
}

/** Days of a period code such as 7d, 30d, 90d or 1y. */
export function periodDays(code: string): number | undefined {
  const match = /^(\d+)([dwmy])$/.exec(code);
  if (!match) return undefined;
  return Number(match[1]) * ({ d: 1, w: 7, m: 30, y: 365 }[match[2] as "d"] as number);
}

/**
 * Dates read by chrono-node's casual English parser ("October 1", "Nov 20", "Sept 1 - Sept 30":
 * month then day; the en-GB parser would read "October 15" as October 2015). Numbers alone
 * ("03/11") are read day first, as the en-GB parser does, outside the Americas. A range is one
 * result with an end ("X to Y", "X - Y"), or two results joined ("between X and Y"); a bare
 * day before the connector ("from the 5th to the 10th of November") takes the second's month.
 */
/**
 * chrono-node's casual English parser without its time-of-day parser: questions name days, and
 * that parser reads "from 3 Oct" as "from 3 o'clock" and takes "2026-10-01 through 2026-10-15" apart.
 */
const DAYS_PARSER = withoutTimesOfDay(chrono.en.casual.clone());

function withoutTimesOfDay(parser: chrono.Chrono): chrono.Chrono {
  parser.parsers = parser.parsers.filter((each) => each.constructor.name !== "ENTimeExpressionParser");
  return parser;
}

function chronoWindow(asked: string, clock: Clock, today: string, period?: string): Window {
  const reference = { instant: clock.now, timezone: offsetMinutes(clock) };
  const dayFirst = !/^America\//.test(clock.timeZone);
  // The question with the days the parser does not know written out ("the 12th", "Q3", "year to date"); what is read before a date is read from it too.
  const question = withMonth(withEnds(withQuarters(monthsInFull(asked), today), today), today);
  const results = DAYS_PARSER.parse(question, reference, { forwardDate: false })
    // The period phrase itself ("this month", "last year") is the period, not days.
    .filter((result) => period === undefined || !hasPhrase(` ${period} `, normalize(result.text).trim()))
    .map((result) =>
      dayFirst && /^\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?\b/.test(result.text.trim())
        ? Object.assign(chrono.en.GB.parse(result.text, reference, { forwardDate: false })[0] ?? result, {
            index: result.index,
          })
        : result,
    )
    .filter(
      (result) =>
        ["day", "weekday", "month", "year"].some((unit) => result.start.isCertain(unit as chrono.Component)) ||
        result.text.toLowerCase() === "yesterday" ||
        result.text.toLowerCase() === "today",
    )
    // "Right now" is the present, which every read is of, not a day to list.
    .filter((result) => !/^(?:right )?now$/i.test(result.text.trim()));
  const [first, second] = results;
  const year = /\b(?:in|for|during|of|from)\s+((?:19|20)\d{2})\b/i.exec(question);
  if (!first && year) return checked({ from: `${year[1]}-01-01`, to: `${year[1]}-12-31`, said: year[0] }, today, true);
  if (!first) return undefined;
  const said = results.map((result) => result.text).join(" … ");
  const written = results.every((result) => /\b(?:19|20)\d{2}\b/.test(result.text) || !result.start.isCertain("year"));
  const start = bounds(first.start, today);
  if (second) return checked(ordered({ from: start.from, to: bounds(second.start, today).to, said }), today, written);
  if (first.end) return checked(ordered({ from: start.from, to: bounds(first.end, today).to, said }), today, written);
  const before = question.slice(0, first.index).toLowerCase();
  const bareDay = /\b(\d{1,2})(?:st|nd|rd|th)?\s*(?:to|-|–|and|until|till|through|thru)\s*(?:the\s+)?$/.exec(before);
  if (bareDay && first.start.isCertain("day")) {
    const from = `${start.from.slice(0, 8)}${bareDay[1]!.padStart(2, "0")}`;
    if (from <= start.from)
      return checked({ from, to: start.to, said: `${bareDay[0].trim()} ${first.text}` }, today, written);
  }
  // "From 3 Oct" runs to today; "from October" is that month ("my transactions from October").
  if (
    /\b(since|after|starting|starting from)\s*(the\s*)?$/.test(before) ||
    (/\bfrom\s*(the\s*)?$/.test(before) && first.start.isCertain("day"))
  )
    return checked(
      { from: start.from, to: today, said: `${before.trim().split(/\s+/).pop()} ${first.text}` },
      today,
      written,
    );
  if (/\b(until|till|before|up to)\s*(the\s*)?$/.test(before))
    return checked({ to: start.to, said: first.text }, today, written);
  // A weekend is its Saturday and Sunday, whichever of the two the parser settled on.
  if (/\bweekend\b/i.test(question) && start.from === start.to)
    return checked({ ...weekendOf(start.from), said: first.text }, today, written);
  return checked({ ...start, said: first.text }, today, written);
}

const QUARTERS = ["first", "second", "third", "fourth", "1st", "2nd", "3rd", "4th"];
const MONTH = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A month's short name with no day beside it ("late Oct payments", "spent in Sept"), which the parser reads only after "in", written out. */
function monthsInFull(question: string): string {
  return question.replace(
    /(?<!\d\s*)\b(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b\.?(?!\s*\d)/gi,
    (said, short: string) => {
      const index = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].indexOf(
        short.slice(0, 3).toLowerCase(),
      );
      return MONTH_NAMES[index] ?? said;
    },
  );
}

/**
 * "The 12th" with no month anywhere in the question is the latest 12th so far: this month's, or
 * last month's when it is still ahead. The parser reads no day without its month.
 */
function withMonth(question: string, today: string): string {
  if (MONTH.test(question)) return question;
  return question.replace(/\b(?:the )?(\d{1,2})(?:st|nd|rd|th)\b/gi, (said, day: string) => {
    const [year, month, current] = today.split("-").map(Number) as [number, number, number];
    const back = Number(day) > current;
    const named = back ? (month + 10) % 12 : month - 1;
    return Number(day) >= 1 && Number(day) <= 31
      ? `${day} ${MONTH_NAMES[named]} ${back && month === 1 ? year - 1 : year}`
      : said;
  });
}

/**
 * "The week before last", "3 weeks ago": that Monday-to-Sunday week ("last week" is the spec's
 * 7-day period, read before this).
 */
function weeksBack(text: string, today: string): Window {
  const said = /\b(?:the )?week before last\b|\b(\d+|two|three|four|five|six) weeks ago\b/.exec(text);
  if (!said) return undefined;
  const back = said[1] === undefined ? 2 : Number(said[1]) || (NUMBER_WORDS[said[1]] as number);
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) - 7 * back);
  return { from: monday, to: addDays(monday, 6), said: said[0].trim() };
}

/** "The start of the month", "the end of last month", "the beginning of the year": that day, written out for the parser. */
function withEnds(question: string, today: string): string {
  const toDate = question.replace(
    /\b(year|month)[ -]to[ -]date\b|\b(ytd|mtd)\b/gi,
    (_said, unit?: string, short?: string) =>
      `since the start of the ${(unit ?? (short?.toLowerCase() === "ytd" ? "year" : "month")).toLowerCase()}`,
  );
  return toDate.replace(
    /\b(?:the\s+)?(start|beginning|end)\s+of\s+(?:the\s+|this\s+)?(last\s+|previous\s+)?(month|year)\b/gi,
    (_said, edge: string, last: string | undefined, unit: string) => {
      const [year, month] = today.split("-").map(Number) as [number, number];
      const monthly = unit.toLowerCase() === "month";
      const y = monthly ? (last && month === 1 ? year - 1 : year) : last ? year - 1 : year;
      const m = monthly ? (last ? ((month + 10) % 12) + 1 : month) : edge.toLowerCase() === "end" ? 12 : 1;
      const day = edge.toLowerCase() === "end" ? new Date(Date.UTC(y, m, 0)).getUTCDate() : 1;
      return `${day} ${MONTH_NAMES[m - 1]} ${y}`;
    },
  );
}

/** "Q3", "Q3 2025", "the third quarter of 2026" are July to September: this year's, or last year's when it has not begun. */
function withQuarters(question: string, today: string): string {
  return question.replace(
    /\b(?:q([1-4])|(?:the\s+)?(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter(?:\s+of)?)(?:\s+((?:19|20)\d{2}))?\b/gi,
    (_said, short: string | undefined, ordinal: string | undefined, written?: string) => {
      const quarter = short ?? String((QUARTERS.indexOf((ordinal as string).toLowerCase()) % 4) + 1);
      const first = (Number(quarter) - 1) * 3;
      const thisYear = Number(today.slice(0, 4));
      const year = written ? Number(written) : ymd(thisYear, first + 1, 1) > today ? thisYear - 1 : thisYear;
      return `${MONTH_NAMES[first]} ${year} to ${MONTH_NAMES[first + 2]} ${year}`;
    },
  );
}

/** The Saturday and Sunday of the weekend a day belongs to (a weekday: the weekend before it). */
function weekendOf(day: string): { from: string; to: string } {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const saturday = addDays(day, weekday === 6 ? 0 : weekday === 0 ? -1 : -(weekday + 1));
  return { from: saturday, to: addDays(saturday, 1) };
}

/** A range whose end came before its start (the year left out: "Dec 20 to Jan 5") starts a year earlier. */
function ordered(window: { from: string; to: string; said: string }): { from: string; to: string; said: string } {
  if (window.from <= window.to) return window;
  return { ...window, from: `${String(Number(window.from.slice(0, 4)) - 1).padStart(4, "0")}${window.from.slice(4)}` };
}

/**
 * Dates more than a year away from today are not guessed: a year the question did not write out
 * in four digits, or any day more than a year ahead, is a problem to say (nothing is sent).
 */
function checked(window: { from?: string; to?: string; said: string }, today: string, written: boolean): Window {
  const ahead = addDays(today, 366);
  const behind = addDays(today, -366);
  const far = [window.from, window.to].find((day) => day !== undefined && (day > ahead || (!written && day < behind)));
  if (!far) return window;
  return {
    ...window,
    problem: `"${window.said}" reads as ${far}, more than a year from today (${today}): say the dates with their year, e.g. ${today.slice(0, 4)}-10-01 to ${today.slice(0, 4)}-10-15 (nothing was sent)`,
  };
}

/** The first and last day a parsed date covers: a day, a whole month, or a whole year; in the past when the year is left out. */
function bounds(components: chrono.ParsedComponents, today: string): { from: string; to: string } {
  let year = components.get("year") as number;
  const month = components.get("month") as number;
  const day = components.get("day") as number;
  // A weekday alone ("on Tuesday") is the latest such day so far: a week back, not a year, when chrono picked one still ahead.
  if (components.isCertain("weekday") && !components.isCertain("day")) {
    let date = ymd(year, month, day);
    while (date > today) date = addDays(date, -7);
    return { from: date, to: date };
  }
  const unit = components.isCertain("day")
    ? "day"
    : components.isCertain("month")
      ? "month"
      : components.isCertain("year")
        ? "year"
        : "day";
  if (!components.isCertain("year") && ymd(year, unit === "year" ? 1 : month, unit === "day" ? day : 1) > today)
    year -= 1;
  if (unit === "year") return { from: ymd(year, 1, 1), to: ymd(year, 12, 31) };
  if (unit === "month")
    return { from: ymd(year, month, 1), to: ymd(year, month, new Date(Date.UTC(year, month, 0)).getUTCDate()) };
  return { from: ymd(year, month, day), to: ymd(year, month, day) };
}

const ymd = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** Today's date in the clock's time zone. */
export function dayIn(clock: Clock): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: clock.timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(clock.now);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
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
function offsetMinutes(clock: Clock): number {
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone: clock.timeZone, timeZoneName: "longOffset" })
      .formatToParts(clock.now)
      .find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}
