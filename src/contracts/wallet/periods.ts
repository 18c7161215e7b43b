/** The rolling periods the wallet's transaction and insight queries take (?period=). */
export const PERIOD_NAMES = ["7d", "30d", "90d", "1y"] as const;
export type Period = (typeof PERIOD_NAMES)[number];

/** Each period's length in days. */
export const PERIODS: Readonly<Record<Period, number>> = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 };
