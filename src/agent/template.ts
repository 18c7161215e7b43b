import { dayIn, dayParts } from "./resolver/calendar.ts";

/** How the answer templates say values: `{{path|filter:argument}}` filled from a scope. */

export const PERIOD_WORDS: Record<string, string> = {
  "7d": "the last 7 days",
  "30d": "the last 30 days",
  "90d": "the last 90 days",
  "1y": "the last year",
};

export const money = (amount: unknown, currency: unknown) =>
  `${Number(amount).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${String(currency ?? "")}`.trim();
export const naira = (amount: unknown) => `₦${Number(amount).toLocaleString("en-NG", { maximumFractionDigits: 2 })}`;

/**
 * Filters of the answer templates (`{{path|name:argument}}`): `money:currencyPath`, `naira`,
 * `date` (the day of an ISO time), `count:noun` ("2 lines"), `or:fallback`, `if:text` (the text,
 * with # for the value, when the value is not empty), `period` ("the last 7 days").
 */
const FILTERS: Record<string, (value: unknown, argument: string, lookup: (path: string) => unknown) => string> = {
  money: (value, argument, lookup) => money(value, lookup(argument)),
  naira: (value) => naira(value),
  date: (value) => String(value ?? "").slice(0, 10),
  count: (value, noun) => `${Number(value ?? 0)} ${noun}${Number(value) === 1 ? "" : "s"}`,
  or: (value, fallback) => (isEmpty(value) ? fallback : String(value)),
  if: (value, text) => (isEmpty(value) ? "" : text.replaceAll("#", String(value))),
  period: (value) => PERIOD_WORDS[String(value)] ?? String(value),
  day: (value, _argument, lookup) => dayOf(value, lookup),
  time: (value, _argument, lookup) => timeOf(value, lookup),
};

/** The time of day of an instant in the user's time zone ("07:36"); text that is no instant as it is. */
function timeOf(value: unknown, lookup: (path: string) => unknown): string {
  const time = Date.parse(String(value));
  if (Number.isNaN(time)) return String(value ?? "");
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: String(lookup("timeZone") ?? "UTC"),
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(time));
}

/** The day of an instant in the user's time zone, as people say it ("21 Nov"); text that is no instant as it is. */
function dayOf(value: unknown, lookup: (path: string) => unknown): string {
  const time = Date.parse(String(value));
  if (Number.isNaN(time)) return String(value ?? "");
  const timeZone = String(lookup("timeZone") ?? "UTC");
  return sayDay(dayIn({ now: new Date(time), timeZone }), String(lookup("thisYear") ?? ""));
}

export function fillTemplate(template: string, scope: Record<string, unknown>): string {
  return template.replace(
    /\{\{\s*([^}|]+?)\s*(?:\|\s*([a-z]+)(?::([^}]*))?)?\}\}/g,
    (_, path: string, filter?: string, argument = "") => {
      const value = lookupIn(scope, path);
      const apply = filter ? FILTERS[filter] : undefined;
      return apply
        ? apply(value, argument, (other) => lookupIn(scope, other))
        : isEmpty(value) && value !== 0
          ? ""
          : String(value);
    },
  );
}

/** A dotted path into the values; `length` of an array; `items[id=parameters.product_id]` selects the element whose id equals that value. */
export function lookupIn(scope: unknown, path: string): unknown {
  let current: unknown = scope;
  for (const part of path.split(/\.(?![^[]*\])/)) {
    const select = /^([^[]+)\[(\w+)=([^\]]+)\]$/.exec(part);
    if (select) {
      const [, list = "", key = "", wantedPath = ""] = select;
      const wanted = lookupIn(scope, wantedPath);
      current = asArray(hasMembers(current) ? current[list] : undefined).find(
        (item) => (hasMembers(item) ? item[key] : undefined) === wanted,
      );
    } else if (part === "length" && Array.isArray(current)) current = current.length;
    else current = hasMembers(current) ? current[part] : undefined;
  }
  return current;
}

/** Whether a path reads on into a value: an object, or an array (by index, "items.0"); anything else has no members. */
export function hasMembers(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null;
}

export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === "" ||
  value === 0 ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** A day as people say it ("29 Aug", "Sat 29 Aug", "28 Dec 2025"): the year only when it is not this one. */
export function sayDay(day: string, thisYear: string, weekday = false): string {
  const [year, month, date] = dayParts(day);
  const name = weekday ? `${WEEKDAYS[new Date(Date.UTC(year, month - 1, date)).getUTCDay()]} ` : "";
  return `${name}${date} ${MONTHS[month - 1]}${String(year) === thisYear ? "" : ` ${year}`}`;
}
