import { addDays, addMonths, type Clock, dayIn, daysBetween, type Window } from "./calendar.ts";
import { COUNT_WORDS } from "./phrases.ts";

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

/** The days of a part said by its unit ("week"); "5 days" is counted. */
const PART_DAYS: [RegExp, number][] = [
  [/fortnight/i, 14],
  [/week/i, 7],
  [/few/i, 3],
  [/couple/i, 2],
];

/**
 * The part of a month or year the question narrows to ("the first week of October" is 1–7
 * October, "the second half of November" 16–30 November, "the last few days of October" 29–31
 * October, "early/mid/late October" the 1st–10th, 11th–20th, 21st–end; "the first half of the
 * year" January–June): the window of what follows, read by `read` as the question would be,
 * then narrowed.
 */
export function partOf(question: string, clock: Clock, read: (rest: string) => Window): Window {
  const match = PART.exec(question);
  if (!match) return undefined;
  const ranged = rangeOfParts(question, clock, read);
  if (ranged) return ranged;
  // Without an edge ("early"), the ordinal and the unit were said (PART's first form); the count only with "<n> days".
  const [said, ordinal = "", unit = "", count = "", edge] = match;
  const rest = question.slice((match.index ?? 0) + said.length);
  const named = calendarUnit(rest, clock) ?? read(rest);
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
  } else if (/half/i.test(unit)) {
    const first = ORDINALS[ordinal.toLowerCase()] === 0;
    const middle = yearLong ? addDays(addMonths(from, 6), -1) : addDays(from, 14);
    range = first ? [from, middle] : [addDays(middle, 1), to];
  } else {
    const length =
      PART_DAYS.find(([pattern]) => pattern.test(unit))?.[1] ??
      (Number(count) || COUNT_WORDS[count.toLowerCase()] || 0);
    if (length <= 0 || length > days) return undefined;
    const last = /^(?:last|final)$/i.test(ordinal);
    const index = ORDINALS[ordinal.toLowerCase()] ?? 0;
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

/** What joins the two ends of a range ("mid October till end of October", "early Oct - mid Oct"). */
const JOINT = /\s+(?:to|till|til|until|through|thru|and|-|–)\s+/gi;

/**
 * A range with a part at one end or both ("from mid October till end of October" is 11–31
 * October, "early Oct to mid Oct" 1–20 October): each end read on its own, from the start of the
 * first to the end of the second. "The end of the month" after a month is that month's end.
 */
function rangeOfParts(question: string, clock: Clock, read: (rest: string) => Window): Window {
  for (const joint of question.matchAll(JOINT)) {
    const left = question.slice(0, joint.index);
    const right = question.slice((joint.index ?? 0) + joint[0].length);
    if (!PART.test(left) && !PART.test(right)) continue;
    const start = daysOf(partOf(left, clock, read) ?? read(left));
    if (!start?.from) continue;
    // The two ends stand by the joint ("mid-December last year, say the 10th to the 20th" is no range from mid-December).
    const from = PART.exec(left)?.index ?? left.toLowerCase().lastIndexOf(start.said.toLowerCase());
    const leftSaid = from < 0 ? "" : left.slice(from).trim();
    if (!leftSaid || /[,;]/.test(leftSaid) || leftSaid.split(/\s+/).length > 5) continue;
    const monthEnd = /^\s*(?:the\s+)?(?:end|rest)\s+of\s+(?:the|that)\s+month\b/i.exec(right);
    const end = monthEnd
      ? { to: addDays(addMonths(`${start.from.slice(0, 8)}01`, 1), -1), said: monthEnd[0].trim() }
      : daysOf(partOf(right, clock, read) ?? read(right));
    if (!end?.to || end.to < start.from) continue;
    const at = right.toLowerCase().indexOf(end.said.toLowerCase());
    const before = at < 0 ? "" : right.slice(0, at);
    if (!/^\s*(?:(?:the|end|start|beginning|rest|middle|of)\s+)*$/i.test(before)) continue;
    const rightSaid =
      at < 0
        ? right.split(/\s+/).slice(0, end.said.split(/\s+/).length).join(" ")
        : right.slice(0, at + end.said.length).trim();
    return { from: start.from, to: end.to, said: `${leftSaid}${joint[0]}${rightSaid}` };
  }
  return undefined;
}

/** A window of days, not a period nor a problem. */
function daysOf(window: Window): { from?: string; to?: string; said: string } | undefined {
  return window && !("period" in window) && !window.problem ? window : undefined;
}

/** "The month", "this year", "last month" after a part: the calendar month or year, not the 30 or 365 days of a period. */
export function calendarUnit(rest: string, clock: Clock): Window {
  const match = /^\s*((?:the|this|current|last|previous|past)\s+)?(?:the\s+)?(month|year)\b/i.exec(rest);
  if (!match) return undefined;
  const today = dayIn(clock);
  const back = /last|previous|past/i.test(match[1] ?? "") ? 1 : 0;
  const said = match[0].trim();
  if (/month/i.test(match[2] ?? "")) {
    const from = addMonths(`${today.slice(0, 8)}01`, -back);
    return { from, to: addDays(addMonths(from, 1), -1), said };
  }
  const year = Number(today.slice(0, 4)) - back;
  return { from: `${year}-01-01`, to: `${year}-12-31`, said };
}

const minDay = (a: string, b: string) => (a < b ? a : b);
