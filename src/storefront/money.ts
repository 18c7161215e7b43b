import { toMajorUnits } from "../money.ts";

const WHOLE = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 0 });
const WITH_KOBO = new Intl.NumberFormat("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Display text: "₦1,200", or "₦1,200 - ₦1,500" for a range; kobo show only when there are some ("₦99.50"). */
export function formatNairaRange(lowKobo: number, highKobo: number): string {
  const text = (kobo: number) => `₦${(kobo % 100 === 0 ? WHOLE : WITH_KOBO).format(toMajorUnits(kobo))}`;
  return lowKobo === highKobo ? text(lowKobo) : `${text(lowKobo)} - ${text(highKobo)}`;
}
