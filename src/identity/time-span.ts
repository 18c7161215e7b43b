const UNITS = [
  ["d", 86_400],
  ["h", 3_600],
  ["m", 60],
  ["s", 1],
] as const;

/** A span of seconds for people: "10m", "9m 59s", "1h 5m", "2d 3h" (the two largest units), "0s". */
export function formatSpan(seconds: number): string {
  let rest = Math.max(0, Math.round(seconds));
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || parts.length > 0) parts.push(`${count}${unit}`);
  }
  const shown = parts.slice(0, 2).filter((part) => !/^0\D/.test(part));
  return shown.length > 0 ? shown.join(" ") : "0s";
}

/** A NumericDate claim (seconds since the epoch) as an ISO 8601 time. */
export function isoTime(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString();
}
