import * as chrono from "chrono-node";
import { addDays, type Clock, dayIn, offsetMinutes, type Window, ymd } from "./calendar.ts";
import { partOf } from "./date-parts.ts";
import { WEEKDAY_NAMES, writtenOut } from "./date-words.ts";
import { daysOf, periodDays } from "./period-days.ts";
import { COUNT_WORDS } from "./phrases.ts";
import { hasPhrase, normalize } from "./text.ts";

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
  const part = partOf(question, clock, (rest) => readWindow(rest, values, clock));
  if (part) return part;
  // "The last 3 months", "past year"; and "about a year ago", roughly then, which the last year holds
  // (read as a day, it would miss by a day or a week).
  const span =
    /\b(?:(?:last|past|previous|trailing|rolling) (?:(?<count>\d+|[a-z]+)(?: of)?[ -])?(?<unit>day|week|fortnight|month|year)s?|(?:(?:about|around|roughly|nearly|almost|over|some) )?(?:a|one|1) (?<ago>year) ago)\b/.exec(
      text,
    );
  const count = span?.groups?.count;
  const spanDays = span
    ? daysOf(
        count === undefined ? 1 : Number(count) || COUNT_WORDS[count] || 0,
        span.groups?.unit ?? span.groups?.ago ?? "",
      )
    : 0;
  if (spanDays > 0 && !(named && named.phrase.length >= (span?.[0].length ?? 0))) {
    const period = Object.keys(values).find((each) => periodDays(each) === spanDays);
    if (period) return { period, said: span![0] };
    return { from: addDays(today, 1 - spanDays), to: today, said: span![0] };
  }
  const weeks = weeksBack(text, today);
  if (weeks) return weeks;
  // Days the question names beside a period phrase are what it asks about ("between the 5th and the 12th of this month", "in December last year").
  const days = chronoWindow(question, clock, today, named ? Object.values(values).flat() : []);
  if (named && !days) return { period: named.period, said: named.phrase };
  return days;
}

/**
 * chrono-node's casual English parser without its time-of-day parser: questions name days, and
 * that parser reads "from 3 Oct" as "from 3 o'clock" and takes "2026-10-01 through 2026-10-15" apart.
 */
const DAYS_PARSER = withoutTimesOfDay(chrono.en.casual.clone());

function withoutTimesOfDay(parser: chrono.Chrono): chrono.Chrono {
  parser.parsers = parser.parsers.filter((each) => each.constructor.name !== "ENTimeExpressionParser");
  return parser;
}

/**
 * Dates read by chrono-node's casual English parser ("October 1", "Nov 20", "Sept 1 - Sept 30":
 * month then day; the en-GB parser would read "October 15" as October 2015). Numbers alone
 * ("03/11") are read day first, as the en-GB parser does, outside the Americas. A range is one
 * result with an end ("X to Y", "X - Y"), or two results joined ("between X and Y"); a bare
 * day before the connector ("from the 5th to the 10th of November") takes the second's month.
 */
function chronoWindow(asked: string, clock: Clock, today: string, periods: readonly string[]): Window {
  const reference = { instant: clock.now, timezone: offsetMinutes(clock) };
  // Numbers alone are read day first outside the Americas, unless one can only be month first ("12/31/2025").
  const dayFirst =
    !/^America\//.test(clock.timeZone) && !/\b\d{1,2}[/.](?:1[3-9]|2\d|3[01])(?:[/.]\d{2,4})?\b/.test(asked);
  // The question with the days the parser does not know written out ("the 12th", "Q3", "year to date"); what is read before a date is read from it too.
  const question = writtenOut(asked, today);
  const parsed = DAYS_PARSER.parse(question, reference, { forwardDate: false })
    // A period phrase ("this month", "this year" beside "the past 12 months") is a period, not days.
    .filter((result) => {
      const said = normalize(result.text)
        .replace(/^ the /, " ")
        .trim();
      // ("last 90 days" is the period "90 days" said with "last"; "December last year" names days.)
      return !periods.some(
        (period) =>
          hasPhrase(` ${period} `, said) ||
          /^(?:last|past|previous|this|the)?$/.test(` ${said} `.replace(normalize(period), " ").trim()),
      );
    });
  const numeric = (result: chrono.ParsedResult) => /^\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?\b/.test(result.text.trim());
  const dayFirstOf = (result: chrono.ParsedResult) =>
    chrono.en.GB.parse(result.text, reference, { forwardDate: false })[0] ?? result;
  // "11/9 thru 11/12": when day first puts a day still ahead and month first does not, every number is month first.
  // "11/3 this month": the reading that falls in the month named.
  const monthNamed = /\bthis month\b/i.test(asked)
    ? Number(today.slice(5, 7))
    : /\blast month\b/i.test(asked)
      ? ((Number(today.slice(5, 7)) + 10) % 12) + 1
      : undefined;
  const inMonth = (result: chrono.ParsedResult) => result.start.get("month") === monthNamed;
  const monthFirst = parsed
    .filter(numeric)
    .some(
      (result) =>
        (isAhead(dayFirstOf(result), today) && !isAhead(result, today)) ||
        (monthNamed !== undefined && inMonth(result) && !inMonth(dayFirstOf(result))),
    );
  const results = parsed
    .map((result) => {
      if (!numeric(result)) return result;
      const dayFirstRead = dayFirstOf(result);
      // A weekday beside the numbers says which way round they are ("11/10 (tues)" is Tuesday 10 November).
      const weekday = WEEKDAY.exec(question)?.[0];
      const fits = (read: chrono.ParsedResult) =>
        weekday !== undefined &&
        WEEKDAY_NAMES[new Date(`${bounds(read.start, today).from}T00:00:00Z`).getUTCDay()]?.startsWith(
          weekday.slice(0, 3).toLowerCase(),
        );
      const chosen =
        fits(result) && !fits(dayFirstRead)
          ? result
          : fits(dayFirstRead) || (dayFirst && !monthFirst)
            ? dayFirstRead
            : result;
      return Object.assign(chosen, { index: result.index });
    })
    .filter(
      (result) =>
        ["day", "weekday", "month", "year"].some((unit) => result.start.isCertain(unit as chrono.Component)) ||
        /^(?:yesterday|today|tonight|last night|(?:this|yesterday) (?:morning|afternoon|evening))$/i.test(
          result.text.trim(),
        ),
    )
    // "Right now" is the present, which every read is of, not a day to list; days still ahead ("like there's no tomorrow", "due next month") hold nothing to read.
    .filter((result) => !/^(?:right )?now$/i.test(result.text.trim()))
    .filter(
      (result) =>
        !/\b(?:tomorrow|next|coming|upcoming)\b/i.test(result.text) && bounds(result.start, today).from <= today,
    );
  // "Weekend" beside the days it means ("valentine's weekend, the 14th/15th feb") adds nothing to them.
  const named = results.filter((result) => !/^(?:the |this |last )?weekend$/i.test(result.text.trim()));
  const read = named.length > 0 ? named : results;
  // "October only, the whole of October 1st to 31st": a month, then days of it, is those days.
  const [month, day] = read;
  const narrowed =
    month &&
    day &&
    !month.start.isCertain("day") &&
    day.start.isCertain("day") &&
    bounds(month.start, today).from <= bounds(day.start, today).from &&
    bounds(day.start, today).to <= bounds(month.start, today).to;
  const [first, second] = narrowed ? read.slice(1) : read;
  const year = /\b(?:in|for|during|of|from)\s+((?:19|20)\d{2})\b/i.exec(question);
  if (!first && year) return checked({ from: `${year[1]}-01-01`, to: `${year[1]}-12-31`, said: year[0] }, today, true);
  if (!first) return undefined;
  const said = results.map((result) => result.text).join(" … ");
  const written = results.every((result) => /\b(?:19|20)\d{2}\b/.test(result.text) || !result.start.isCertain("year"));
  const start = bounds(first.start, today);
  // A month said again after a day of it ("on 3/11? this november o") restates the day; it does not end a range.
  const again =
    second &&
    !second.start.isCertain("day") &&
    bounds(second.start, today).from <= start.from &&
    start.to <= bounds(second.start, today).to;
  if (second && !again)
    return checked(ordered({ from: start.from, to: bounds(second.start, today).to, said }), today, written);
  if (first.end) return checked(ordered({ from: start.from, to: bounds(first.end, today).to, said }), today, written);
  // "October 1st to 31st": a bare day after the range's joint takes the first's month.
  const barePast =
    /^\s*(?:to|-|–|until|till|through|thru|and)\s*(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\b(?!\s*[/.\d])/i.exec(
      question.slice(first.index + first.text.length),
    );
  if (barePast && first.start.isCertain("day") && !first.end) {
    const to = `${start.from.slice(0, 8)}${barePast[1]!.padStart(2, "0")}`;
    if (to >= start.from && Number(barePast[1]) <= 31)
      return checked({ from: start.from, to, said: `${first.text}${barePast[0]}` }, today, written);
  }
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

/** Whether a date read with no year written falls after today in this year (the year before is then meant). */
function isAhead(result: chrono.ParsedResult, today: string): boolean {
  const year = Number(today.slice(0, 4));
  return [result.start, result.end].some(
    (date) =>
      date !== null &&
      date !== undefined &&
      !date.isCertain("year") &&
      ymd(year, date.get("month") ?? Number.NaN, date.get("day") ?? 1) > today,
  );
}

/** A weekday's name or its short form ("tues"), not a word that starts like one ("money", "sunny"). */
const WEEKDAY =
  /\b(?:mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)\b/i;

/**
 * "The week before last", "3 weeks ago": that Monday-to-Sunday week ("last week" is the spec's
 * 7-day period, read before this).
 */
function weeksBack(text: string, today: string): Window {
  const said = /\b(?:the )?week before last\b|\b(\d+|two|three|four|five|six) weeks ago\b/.exec(text);
  if (!said) return undefined;
  const back = said[1] === undefined ? 2 : Number(said[1]) || (COUNT_WORDS[said[1]] ?? Number.NaN);
  const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) - 7 * back);
  return { from: monday, to: addDays(monday, 6), said: said[0].trim() };
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
  // chrono implies the year, month and day of every result from its reference day: each is there.
  let year = components.get("year") ?? Number.NaN;
  const month = components.get("month") ?? Number.NaN;
  const day = components.get("day") ?? Number.NaN;
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
