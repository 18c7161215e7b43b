/** Display text: "₦1,200", or "₦1,200 - ₦1,500" for a range; kobo show only when there are some ("₦99.50"). */
export function formatNairaRange(lowKobo: number, highKobo: number): string {
  return lowKobo === highKobo ? naira(lowKobo) : `${naira(lowKobo)} - ${naira(highKobo)}`;
}

/**
 * Nigerian English notation, as Intl.NumberFormat("en-NG") writes it, without Intl: its first use
 * in a process loads the locale data (~70 ms), which the catalog should not cost a start.
 */
function naira(kobo: number): string {
  const whole = Math.floor(kobo / 100)
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, ",");
  const rest = Math.round(kobo) % 100;
  return rest === 0 ? `₦${whole}` : `₦${whole}.${String(rest).padStart(2, "0")}`;
}
