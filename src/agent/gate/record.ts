import type { ActionDefinition } from "../actions/definition.ts";
import { clockAt } from "../resolver/calendar.ts";
import { fillParameter } from "../resolver/fill.ts";
import type { CatalogEntry } from "../resolver/products.ts";
import type { Condition } from "./condition.ts";
import { isWrite } from "./grant.ts";

/**
 * A condition on the status of a record an action reads by its reference ("if my order
 * ORD-K9M4TX is still processing"): the action's id pattern finds the reference, its list's
 * status phrases the status (understanding.items.statuses).
 */
export function withRecord(
  condition: Condition,
  actions: readonly ActionDefinition[],
  catalog: readonly CatalogEntry[],
  /** The user's own words, where "that order" finds the reference said before the condition. */
  own: string,
): Condition {
  const text = ` ${condition.said.toLowerCase()} `;
  for (const action of actions.filter((each) => !isWrite(each) && each.understanding?.items?.statuses)) {
    const [parameter, fill] =
      Object.entries(action.understanding?.parameters ?? {}).find(([, each]) => each.from === "pattern") ?? [];
    if (!parameter || !fill) continue;
    const context = { catalog, clock: clockAt(), action };
    const found =
      fillParameter(parameter, fill, { ...context, question: condition.said, text }) ??
      (/\b(?:that|this|the same|my)\s+order\b|\b(?:it|they|e|am|dem)\b/i.test(condition.said)
        ? fillParameter(parameter, fill, { ...context, question: own, text: ` ${own.toLowerCase()} ` })
        : undefined);
    const status = Object.entries(action.understanding?.items?.statuses ?? {})
      .flatMap(([name, phrases]) => phrases.map((phrase) => ({ name, phrase: phrase.toLowerCase() })))
      .filter(({ phrase }) => text.includes(` ${phrase} `))
      .sort((a, b) => b.phrase.length - a.phrase.length)[0]?.name;
    if (typeof found?.value === "string" && status)
      return {
        ...condition,
        subject: "status",
        record: { action: action.name, parameter, value: found.value, status },
      };
  }
  return condition;
}
