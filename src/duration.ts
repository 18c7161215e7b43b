const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Parses "250ms", "90s", "15m", "24h", "7d" (or a bare number of seconds) into milliseconds; null for a number too long to be one (Infinity). */
export function parseDuration(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!match) return null;
  const unit = (match[2] ?? "s") as keyof typeof UNIT_MS;
  const ms = Math.round(Number(match[1]) * UNIT_MS[unit]);
  return ms > 0 && Number.isFinite(ms) ? ms : null;
}
