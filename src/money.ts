/** Minor units (cents, kobo) to a major-unit number without float noise: 12345 → 123.45. */
export function toMajorUnits(minor: number): number {
  return Math.round(minor) / 100;
}
