/** The rolling periods the wallet's transaction and insight queries take (?period=), each in days. */
export const PERIODS = { "7d": 7, "30d": 30, "90d": 90, "1y": 365 } as const;
export type Period = keyof typeof PERIODS;
