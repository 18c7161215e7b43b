/** How many days a period is: "3 months" as said, or a period code such as 30d. */

const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, fortnight: 14, month: 30, year: 365 };

/** Days in N units; twelve months are a year. */
export function daysOf(count: number, unit: string): number {
  if (unit === "month" && count % 12 === 0) return (count / 12) * 365;
  if (unit === "month" && count === 3) return 90;
  // A unit it does not know is no number of days (NaN, which no window is).
  return count * (UNIT_DAYS[unit] ?? Number.NaN);
}

const CODE_DAYS: Record<string, number> = { d: 1, w: 7, m: 30, y: 365 };

/** Days of a period code such as 7d, 30d, 90d or 1y. */
export function periodDays(code: string): number | undefined {
  const [, count, unit = ""] = /^(\d+)([dwmy])$/.exec(code) ?? [];
  const days = CODE_DAYS[unit];
  return days === undefined ? undefined : Number(count) * days;
}
