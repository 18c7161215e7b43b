import type { ItemsDefinition } from "./actions/understanding.ts";
import { dayIn } from "./resolver/calendar.ts";
import type { Focus } from "./resolver/focus.ts";
import { closeTo, normalize, singular, words } from "./resolver/text.ts";
import { asArray, fillTemplate, hasMembers, lookupIn, money } from "./template.ts";

/** Elements listed in a focused answer at most; the count says how many there were. */
const SHOWN = 5;

/**
 * The answer to a question about part of a list ("my biggest expense", "orders still
 * processing", "what I sent to Mum"): the elements the question asks for, picked from what the
 * call returned, and in a few words how they were found. When none answers it, it says so
 * rather than answering a wider question. Undefined when the focus narrowed nothing (a word no
 * element holds): then the action's own answer is said.
 */
export function focusedLine(focus: Focus, items: ItemsDefinition, values: Record<string, unknown>): string | undefined {
  const all = asArray(lookupIn(values, items.from));
  const noun = (count: number) => `${items.noun}${count === 1 ? "" : "s"}`;
  // Only a call asked for a window has one to name ("over the last 30 days (26 Oct – 25 Nov)").
  const windowed = ["period", "from", "to"].some((name) => lookupIn(values.parameters, name) !== undefined);
  const where = windowed ? ` ${String(values.window ?? "").trim()}` : "";
  const direction = DIRECTIONS[String(lookupIn(values.parameters, "direction"))] ?? "";
  const criteria: string[] = [];
  let after = "";
  let kept = all;
  if (focus.days && items.date) {
    const { from, to } = focus.days;
    const timeZone = String(values.timeZone ?? "UTC");
    const dated = kept.filter((element) => {
      const time = Date.parse(String(field(element, items.date)));
      if (Number.isNaN(time)) return false;
      const day = dayIn({ now: new Date(time), timeZone });
      return (!from || day >= from) && (!to || day <= to);
    });
    // A day remembered wrong ("the yam I ordered end of October", placed on the 27th): what was named wins over when.
    const named = (list: unknown[]) =>
      list.some((element) => holdsAny(String(field(element, items.text) ?? ""), focus.words ?? []));
    if (focus.words?.length && items.text && !named(dated) && named(kept))
      after = ` (none dated ${focus.days.said.trim()})`;
    else {
      kept = dated;
      criteria.push(`dated ${focus.days.said.replace(/[\s,.;:!?]+$/, "")}`);
    }
  }
  if (focus.amounts && items.amount) {
    const { atLeast, atMost, currency, said } = focus.amounts;
    // An amount in another currency than the list's is not compared: the answer says what the list holds.
    const listed = String(field(all[0] ?? {}, items.currency) ?? "");
    if (currency && listed && currency !== listed) return undefined;
    kept = kept.filter((element) => {
      const amount = amountOf(field(element, items.amount));
      return (atLeast === undefined || amount >= atLeast) && (atMost === undefined || amount <= atMost);
    });
    criteria.push(said);
  }
  if (focus.status && items.status) {
    kept = kept.filter((element) => String(field(element, items.status)) === focus.status);
    criteria.push(focus.status.toLowerCase());
  }
  // Nothing came back: the action's own answer says so ("No spending transactions on Sat 14 Feb").
  if (all.length === 0) return undefined;
  if (focus.leaving && items.text) {
    const { words: leaving, said } = focus.leaving;
    const outside = kept.filter((element) => !holdsAny(String(field(element, items.text) ?? ""), leaving));
    // Said only when it left something out ("without the failed ones" names no line's text).
    if (outside.length < kept.length) {
      criteria.push(`leaving out ${kept.length - outside.length} mentioning "${said}"`);
      kept = outside;
    }
  }
  if (focus.words?.length && items.text) {
    const holds = (element: unknown) => {
      const text = String(field(element, items.text) ?? "");
      return focus.product
        ? text.toLowerCase().includes(focus.product.toLowerCase())
        : holdsAny(text, focus.words ?? []);
    };
    const exact = kept.filter(holds);
    // A name written with a typo ("netlfix") is the one the lines hold when no line holds it as written.
    const near =
      exact.length === 0 && focus.target && !focus.product
        ? kept.filter((element) => holdsNear(String(field(element, items.text) ?? ""), focus.words ?? []))
        : [];
    const matching = exact.length > 0 ? exact : near;
    if (matching.length === 0 && focus.target)
      return `None of the ${all.length} ${direction}${noun(all.length)}${where} mentions "${focus.target}" (I looked for it in each one's ${lastPart(items.text)}).`;
    if (exact.length === 0 && near.length > 0) {
      const wanted = focus.words ?? [];
      const read = [
        ...new Set(
          near.flatMap((element) =>
            words(normalize(String(field(element, items.text) ?? ""))).filter((each) =>
              wanted.some((word) => closeTo(word, each)),
            ),
          ),
        ),
      ];
      kept = near;
      criteria.push(`mentioning "${read.join(" ")}" (you wrote "${focus.target}")`);
    } else if (matching.length > 0) {
      kept = matching;
      criteria.push(
        `mentioning "${focus.target ?? focus.words.filter((word) => matching.some((element) => holdsAny(String(field(element, items.text)), [word]))).join(" ")}"`,
      );
    }
  }
  // Nothing narrowed and nothing to pick: the action's own answer says it.
  if (criteria.length === 0 && !after && !focus.pick) return undefined;
  const say = (element: unknown) => fillTemplate(items.say, { ...values, ...(hasMembers(element) ? element : {}) });
  const how = `${criteria.join(", ")}${after}`.trim();
  if (focus.pick) {
    const byAmount = focus.pick === "largest" || focus.pick === "smallest";
    // An amount counts only if the money moved; so does the last payment to someone ("when did I last send money to Chidi": not the one that failed).
    const pool = byAmount || focus.target ? countedOf(kept, items) : kept;
    if (pool.length === 0)
      return `No ${noun(2)}${how ? ` ${how}` : ""}${where}, so there is no ${focus.said || focus.pick} one (the call returned ${all.length}).`;
    const order = (element: unknown) =>
      byAmount ? amountOf(field(element, items.amount)) : Date.parse(String(field(element, items.date)));
    const descending = [...pool].sort((a, b) => order(b) - order(a));
    const sorted = focus.pick === "largest" || focus.pick === "newest" ? descending : descending.reverse();
    const by = byAmount ? "amount" : "date";
    const left =
      items.counted && pool.length < kept.length
        ? `, leaving out ${kept.length - pool.length} not ${items.counted.toLowerCase()}`
        : "";
    // A list may call its largest and smallest its own way ("most expensive"); the newest and oldest are said as such.
    const own = focus.pick === "largest" || focus.pick === "smallest" ? items.picked?.[focus.pick] : undefined;
    const picked = own ?? PICKED[focus.pick];
    const count = Math.min(focus.count ?? 1, sorted.length);
    const chosen = sorted.slice(0, count).map(say).join("; ");
    const later =
      focus.pick === "newest" && focus.target
        ? kept.find((element) => order(element) > order(sorted[0] ?? {}))
        : undefined;
    const failed = later ? ` A later one did not go through: ${say(later)}.` : "";
    const which = count > 1 ? `${count} ${picked} ${direction}${noun(count)}` : `${picked} ${direction}${items.noun}`;
    return `The ${which}${how ? ` ${how}` : ""}${where}: ${chosen}. (Found by ${by} among ${pool.length === all.length ? `the ${all.length}` : `${pool.length} of the ${all.length}`} ${noun(all.length)} returned${left}.)${failed}`;
  }
  if (kept.length === 0) return `No ${noun(2)}${how ? ` ${how}` : ""}${where} (the call returned ${all.length}).`;
  const shown = kept.slice(0, SHOWN).map(say).join("; ");
  const more = kept.length > SHOWN ? `; and ${kept.length - SHOWN} more` : "";
  return `${kept.length} ${direction}${noun(kept.length)}${how ? ` ${how}` : ""}${where}${total(kept, items)}: ${shown}${more}. (Picked from the ${all.length} returned.)`;
}

/** The word for the list's direction, when the call asked for one. */
const DIRECTIONS: Record<string, string> = { spending: "outgoing ", income: "incoming " };

const PICKED: Record<NonNullable<Focus["pick"]>, string> = {
  largest: "largest",
  smallest: "smallest",
  newest: "latest",
  oldest: "earliest",
};

/** ", 642.12 USD in all (completed ones)": the total of the kept elements that count, when they have amounts. */
function total(kept: unknown[], items: ItemsDefinition): string {
  if (!items.amount || !items.currency) return "";
  const counted = countedOf(kept, items);
  if (counted.length === 0) return "";
  const sum = counted.reduce<number>((all, element) => all + amountOf(field(element, items.amount)), 0);
  const currency = field(counted[0] ?? kept[0] ?? {}, items.currency);
  const left =
    counted.length < kept.length
      ? ` (${items.counted?.toLowerCase()} ones; ${kept.length - counted.length} not counted)`
      : "";
  return `, ${money(Math.round(sum * 100) / 100, currency)} in all${left}`;
}

/** An amount, from a number or from text such as "₦19,000 - ₦24,000" (its first number). */
function amountOf(value: unknown): number {
  if (typeof value === "number") return value;
  const found = /\d[\d,]*(?:\.\d+)?/.exec(String(value ?? ""));
  return found ? Number(found[0].replaceAll(",", "")) : 0;
}

/** Whether a text holds a word that one of the words is a typo of. */
function holdsNear(text: string, wanted: readonly string[]): boolean {
  const own = words(normalize(text));
  return wanted.some((word) => own.some((each) => closeTo(word, each)));
}

/** Whether a text holds one of the words, as a word (plurals and all). */
function holdsAny(text: string, wanted: readonly string[]): boolean {
  const own = new Set(words(normalize(text)).flatMap((word) => [word, singular(word)]));
  return wanted.some((word) => own.has(word) || own.has(singular(word)));
}

const lastPart = (path: string) => path.split(".").at(-1) ?? path;

/** An element's value at a path of the items definition, if it names one. */
const field = (element: unknown, path: string | undefined) =>
  path === undefined ? undefined : lookupIn(element, path);

/** The elements whose money moved, when the list says which status that is (`counted`). */
const countedOf = (list: unknown[], items: ItemsDefinition) =>
  items.counted ? list.filter((element) => field(element, items.status) === items.counted) : list;
