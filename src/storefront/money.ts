const WHOLE = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 0 });
const WITH_KOBO = new Intl.NumberFormat("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Kobo to naira as a number, without float noise (12345 → 123.45). */
export function koboToNaira(kobo: number): number {
  return Math.round(kobo) / 100;
}

/** Display text: "₦1,200", or "₦1,200 - ₦1,500" for a range; kobo show only when there are some ("₦99.50"). */
export function formatNairaRange(lowKobo: number, highKobo: number): string {
  const text = (kobo: number) => `₦${(kobo % 100 === 0 ? WHOLE : WITH_KOBO).format(koboToNaira(kobo))}`;
  return lowKobo === highKobo ? text(lowKobo) : `${text(lowKobo)} - ${text(highKobo)}`;
}
