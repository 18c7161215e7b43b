import { addDays, dayParts, ymd } from "./calendar.ts";
import { ABBREVIATIONS } from "./english.ts";
import { closeTo } from "./text.ts";

/**
 * The question with the days the parser does not know written out as it reads them: holidays,
 * misspelt month names, "Tuesday of last week", pairs of days, short month names, "the 12th",
 * "the end of last month", quarters.
 */
export function writtenOut(asked: string, today: string): string {
  return withMonth(withEnds(withQuarters(withDayPairs(monthsInFull(withHolidays(asked, today))), today), today), today);
}

export const WEEKDAY_NAMES = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

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

/** Days known by name ("valentine's day", "christmas day", "yesterday's") and short units ("the past yr"), written as the parser reads them. */
function withHolidays(question: string, today: string): string {
  return (
    withWeekdayOfLastWeek(calendarSpelled(question), today)
      .replace(
        /\b(?:yrs?|mths?|mnths?|mos|wks?|yday|yest|tmrw)\b/gi,
        (short) => ABBREVIATIONS[short.toLowerCase()] ?? short,
      )
      .replace(/\b(yesterday|today|tonight)'?s\b/gi, "$1")
      .replace(/\bthru\b/gi, "through")
      // "How much is sat in my account": British for sitting, not Saturday.
      .replace(/\b(is|are|been|just|that's|it's)\s+sat\b/gi, "$1 sitting")
      .replace(/\bchristmas\b(?!\s+(?:day|eve|bundle|jollof|shopping|pack|period))/gi, "25 December")
      .replace(/\bvalentine'?s(?: day)?\b/gi, "14 February")
      .replace(/\bchristmas day\b/gi, "25 December")
      .replace(/\bchristmas eve\b/gi, "24 December")
      .replace(/\bboxing day\b/gi, "26 December")
      .replace(/\bnew year'?s eve\b/gi, "31 December")
      .replace(/\bnew year'?s day\b/gi, "1 January")
      .replace(/\bhalloween\b/gi, "31 October")
  );
}

/** Long month and day names of the calendar, which a typo of six letters or more is read as ("decmber", "septmber"). */
const CALENDAR_NAMES = [...MONTH_NAMES, ...WEEKDAY_NAMES]
  .map((name) => name.toLowerCase())
  .filter((name) => name.length >= 6);

function calendarSpelled(question: string): string {
  return question.replace(/\b[a-z]{6,}\b/gi, (word) => {
    const lower = word.toLowerCase();
    if (CALENDAR_NAMES.includes(lower)) return word;
    // The first letter kept: "remember" is no December.
    return CALENDAR_NAMES.find((name) => name[0] === lower[0] && closeTo(lower, name)) ?? word;
  });
}

/** "Tuesday of last week", "last week Tuesday": that day of the Monday-to-Sunday week before this one, written out. */
function withWeekdayOfLastWeek(question: string, today: string): string {
  return question.replace(
    /\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\s+(?:of\s+)?last\s+week\b|\blast\s+week\s+(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b/gi,
    (said, before?: string, after?: string) => {
      const index = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].indexOf((before ?? after ?? "").toLowerCase());
      const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) - 7);
      const [year, month, date] = dayParts(addDays(monday, index));
      return index < 0 ? said : `${date} ${MONTH_NAMES[month - 1]} ${year}`;
    },
  );
}

/** Two days of one month written as a pair ("the 14th/15th feb", "14 & 15 March"): from the first to the second. */
function withDayPairs(question: string): string {
  return question.replace(
    /\b(\d{1,2})(?:st|nd|rd|th)?\s*(?:\/|&|and|or)\s*(\d{1,2})(st|nd|rd|th)?\s+(?:of\s+)?([A-Za-z]{3,})\b/g,
    (said, first: string, second: string, suffix: string | undefined, month: string) =>
      MONTH.test(month) ? `${first} ${month} to ${second}${suffix ?? ""} ${month}` : said,
  );
}

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
    const [year, month, current] = dayParts(today);
    const back = Number(day) > current;
    const named = back ? (month + 10) % 12 : month - 1;
    return Number(day) >= 1 && Number(day) <= 31
      ? `${day} ${MONTH_NAMES[named]} ${back && month === 1 ? year - 1 : year}`
      : said;
  });
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
      const [year, month] = dayParts(today);
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
      const quarter = short ?? String((QUARTERS.indexOf((ordinal ?? "").toLowerCase()) % 4) + 1);
      const first = (Number(quarter) - 1) * 3;
      const thisYear = Number(today.slice(0, 4));
      const year = written ? Number(written) : ymd(thisYear, first + 1, 1) > today ? thisYear - 1 : thisYear;
      return `${MONTH_NAMES[first]} ${year} to ${MONTH_NAMES[first + 2]} ${year}`;
    },
  );
}
