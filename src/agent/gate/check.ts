import { type CatalogEntry, priceRange } from "../resolver/products.ts";
import { money, naira } from "../template.ts";
import type { Compare, Condition, Outcome } from "./condition.ts";

/**
 * Whether a condition on a change surely holds, from what was read: the product's price range
 * (both ends must pass, per pack and in total unless the condition says which), the balance,
 * the status of a record, the product's season. Undefined, with why, when it cannot be told.
 */

/** Whether a condition surely holds for the product, quantity and balance read; undefined when it cannot be told, with why. */
export interface Facts {
  product: CatalogEntry;
  quantity: number;
  balance?: { amount: number; currency: string };
  /** The status of the record the condition names, as its action read it. */
  status?: string;
}

export function checkCondition(condition: Condition, facts: Facts): Outcome {
  const outcome = test(condition, facts);
  if (outcome.holds === undefined || !condition.unless) return outcome;
  return { holds: !outcome.holds, why: outcome.why };
}

function test(condition: Condition, { product, quantity, balance, status }: Facts): Outcome {
  const range = priceRange(product.price);
  const name = product.name;
  switch (condition.subject) {
    case "sold here":
      return { holds: true, why: `the catalog sells ${name}` };
    case "in season":
      return product.season
        ? {
            holds: product.season === (condition.season ?? "In Season"),
            why: `the catalog lists ${name} as ${product.season}`,
          }
        : { holds: undefined, why: `the catalog does not say whether ${name} is in season` };
    case "price":
      return priceTest(condition, name, range, quantity);
    case "balance":
      return balanceTest(condition, name, range, quantity, balance);
    case "status": {
      const record = condition.record;
      if (!record || status === undefined)
        return { holds: undefined, why: `I could not read ${record?.value ?? "it"}` };
      const holds = status.toLowerCase() === record.status.toLowerCase();
      return { holds, why: `${record.value} is ${status}${holds ? "" : `, not ${record.status}`}` };
    }
    case "first":
      return { holds: undefined, why: `you asked for something first ("${condition.said}")` };
    case "later":
      return { holds: undefined, why: `I can only add things now, not "${condition.said}"` };
    default:
      return { holds: undefined, why: `I can't check "${condition.said}": none of my actions reads that` };
  }
}

function priceTest(condition: Condition, name: string, range: [number, number] | undefined, quantity: number): Outcome {
  const bound = condition.bound;
  if (!bound || !range) return { holds: undefined, why: `the catalog gives no price for ${name}` };
  if (bound.currency && bound.currency !== "NGN")
    return {
      holds: undefined,
      why: `${name} is priced in naira, ${bound.said} is in ${bound.currency}, and I have no exchange rate`,
    };
  // A price said as such ("if the eggs cost ₦6,500") is a pack's price.
  const readings =
    condition.of === "each" || quantity === 1 || (bound.compare === "=" && condition.of === "either")
      ? [{ range, what: `${name} costs ${said(range)}` }]
      : condition.of === "total"
        ? [{ range: times(range, quantity), what: `${quantity} × ${name} cost ${said(times(range, quantity))}` }]
        : [
            { range, what: `${name} costs ${said(range)} each` },
            { range: times(range, quantity), what: `${quantity} cost ${said(times(range, quantity))}` },
          ];
  const what = readings.map((reading) => reading.what).join(" and ");
  if (bound.compare === "=") {
    const exact = readings.every(({ range: [low, high] }) => low === bound.amount && high === bound.amount);
    const outside = readings.every(({ range: [low, high] }) => bound.amount < low || bound.amount > high);
    if (exact) return { holds: true, why: `${what}` };
    if (outside) return { holds: false, why: `${what}, not ${naira(bound.amount)}` };
    return { holds: undefined, why: `${what}: I can't tell whether that is ${naira(bound.amount)}` };
  }
  const results = readings.flatMap(({ range: [low, high] }) => [
    compare(low, bound.compare, bound.amount),
    compare(high, bound.compare, bound.amount),
  ]);
  const against = `${COMPARE_WORDS[bound.compare]} ${naira(bound.amount)}`;
  if (results.every(Boolean)) return { holds: true, why: `${what}, which is ${against}` };
  if (results.every((result) => !result)) return { holds: false, why: `${what}, which is not ${against}` };
  return { holds: undefined, why: `${what}: I can't tell whether that is ${against}` };
}

function balanceTest(
  condition: Condition,
  name: string,
  range: [number, number] | undefined,
  quantity: number,
  balance: { amount: number; currency: string } | undefined,
): Outcome {
  if (!balance) return { holds: undefined, why: "I could not read your balance" };
  const held = `your balance is ${money(balance.amount, balance.currency)}`;
  const bound = condition.bound;
  if (bound?.compare === "=")
    return { holds: undefined, why: `${held}: I can't tell what "${condition.said}" asks of it` };
  if (bound) {
    const currency = bound.currency ?? balance.currency;
    if (currency !== balance.currency)
      return { holds: undefined, why: `${held}, ${bound.said} is in ${currency}, and I have no exchange rate` };
    const holds = compare(balance.amount, bound.compare, bound.amount);
    const against = currency === "NGN" ? naira(bound.amount) : money(bound.amount, currency);
    return { holds, why: `${held}, which is ${holds ? "" : "not "}${COMPARE_WORDS[bound.compare]} ${against}` };
  }
  if (!range) return { holds: undefined, why: `the catalog gives no price for ${name}` };
  if (balance.currency !== "NGN")
    return {
      holds: undefined,
      why: `${held}, ${name} is priced in naira (${said(times(range, quantity))}), and I have no exchange rate`,
    };
  const [low, high] = times(range, quantity);
  const cost = `${quantity} × ${name} cost${quantity === 1 ? "s" : ""} ${said([low, high])}`;
  if (balance.amount >= high)
    return { holds: true, why: `${held}, enough for ${cost.replace(" cost", ", which cost")}` };
  if (balance.amount < low) return { holds: false, why: `${held}, not enough: ${cost}` };
  return { holds: undefined, why: `${held} and ${cost}: I can't tell whether it is enough` };
}

const COMPARE_WORDS: Record<Compare, string> = {
  "<": "under",
  "<=": "at most",
  ">": "over",
  ">=": "at least",
  "=": "exactly",
};

function compare(value: number, how: Compare, bound: number): boolean {
  if (how === "=") return value === bound;
  return how === "<" ? value < bound : how === "<=" ? value <= bound : how === ">" ? value > bound : value >= bound;
}

function times([low, high]: [number, number], quantity: number): [number, number] {
  return [low * quantity, high * quantity];
}

function said([low, high]: [number, number]): string {
  return low === high ? naira(low) : `${naira(low)} - ${naira(high)}`;
}
