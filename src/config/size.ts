const UNIT_BYTES = { b: 1, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 } as const;

/** Parses "512KiB", "8MiB", "2MB", "1GiB" (or a bare number of bytes) into bytes; 0 is a size too. */
export function parseSize(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmg]i?b|b)?\s*$/i.exec(text);
  if (!match) return null;
  const unit = (match[2]?.toLowerCase() ?? "b") as keyof typeof UNIT_BYTES;
  const bytes = Math.round(Number(match[1]) * UNIT_BYTES[unit]);
  return Number.isSafeInteger(bytes) ? bytes : null;
}
