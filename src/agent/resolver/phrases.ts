/** Period phrases of the wallet spec and their common variants, most specific first; none → 30d. */
const PERIODS: [RegExp, string][] = [
  [/\b(last|past|previous) (three|3) months\b|\bquarter\b|\b(90|ninety) days\b/, "90d"],
  [/\b(this|last|past|previous) year\b|\b(12|twelve) months\b|\b(365|a) year\b|\b365 days\b|\bannual(ly)?\b/, "1y"],
  [/\b(this|last|past|previous) week\b|\b(last|past) (7|seven) days\b|\bweekly\b|\bthis past week\b/, "7d"],
  [/\b(this|last|past|previous) month\b|\b(last|past) (30|thirty) days\b|\bmonthly\b/, "30d"],
];

export function periodOf(text: string): string | undefined {
  const lower = text.toLowerCase();
  return PERIODS.find(([pattern]) => pattern.test(lower))?.[1];
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, dozen: 12, couple: 2, pair: 2, fifteen: 15, twenty: 20,
};

/** "3 bags", "three", "a couple of", "a dozen": the quantity the shopper names, if any. */
export function quantityOf(text: string): number | undefined {
  const lower = text.toLowerCase();
  const digits = /\b(\d{1,2})\b/.exec(lower);
  if (digits) return Number(digits[1]);
  const word = /\b(a dozen|a couple|a pair|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|dozen)\b/.exec(lower);
  return word ? NUMBER_WORDS[(word[1] as string).replace(/^a /, "")] : undefined;
}

export const TRANSACTION_ID = /\btxn_[a-z0-9_]+\b/i;
export const ORDER_ID = /\bORD-[A-Z0-9]{6}\b/i;
