import type { ActionCall } from "../actions/call.ts";
import type { ActionDefinition } from "../actions/definition.ts";
import type { Resolution } from "../resolver/parameters.ts";
import type { CatalogEntry } from "../resolver/products.ts";
import { lookupIn } from "../template.ts";
import { checkCondition } from "./condition.ts";
import { issueGrant, isWrite, type WriteGrant } from "./grant.ts";
import { licensed } from "./license.ts";

/** A read the gate may make before a write, to check a condition on it (the balance). */
export type Read = (action: ActionDefinition, parameters: Record<string, unknown>) => Promise<ActionCall>;

export type Admission =
  | { grant?: WriteGrant; checks: ActionCall[]; note?: string }
  | { held: string; checks: ActionCall[] };

/**
 * The last step before a resolved call: a read passes; a write passes only with the license the
 * gate gave the message, for the values the user's words gave (a follow-up's answers may fill
 * the rest), and only once a condition on the balance is read and surely holds. The pass it
 * returns is what `callAction` asks of a write.
 */
export async function admit(
  action: ActionDefinition,
  resolution: Resolution,
  context: { actions: readonly ActionDefinition[]; catalog: readonly CatalogEntry[]; read: Read },
): Promise<Admission> {
  if (!isWrite(action)) return { checks: [] };
  const { license } = resolution;
  if (!licensed(license, action.name, resolution.parameters) || !license)
    return { held: "Nothing in your message clearly asks for that change, so nothing was changed", checks: [] };
  const condition = license.condition;
  if (!condition) return { grant: issueGrant(action.name, resolution.parameters, `"${license.request}"`), checks: [] };
  const balanceAction = context.actions.find((each) => each.understanding?.total && !isWrite(each));
  const productParameter = Object.entries(action.understanding?.parameters ?? {}).find(
    ([, fill]) => fill.from === "product",
  )?.[0];
  const product = context.catalog.find((entry) => entry.id === resolution.parameters[productParameter ?? ""]);
  if (!balanceAction?.understanding?.total || !product)
    return { held: `I can't check "${condition.said}", so nothing was changed`, checks: [] };
  const call = await context.read(balanceAction, {});
  const { amount, currency } = balanceAction.understanding.total;
  const scope = { body: call.response.body };
  const balance =
    call.response.status < 400
      ? { amount: Number(lookupIn(scope, amount)), currency: String(lookupIn(scope, currency)) }
      : undefined;
  const quantityParameter = Object.entries(action.understanding?.parameters ?? {}).find(
    ([, fill]) => fill.from === "quantity",
  )?.[0];
  const quantity = Number(resolution.parameters[quantityParameter ?? ""] ?? 1);
  const outcome = checkCondition(condition, {
    product,
    quantity,
    ...(balance && Number.isFinite(balance.amount) ? { balance } : {}),
  });
  if (outcome.holds)
    return {
      grant: issueGrant(action.name, resolution.parameters, `"${license.request}", and ${outcome.why}`),
      checks: [call],
      note: capitalized(outcome.why),
    };
  return {
    held: `${capitalized(outcome.why)}, so I haven't added ${quantity} × ${product.name}${outcome.holds === undefined ? ". Ask again without the condition if you want it anyway" : ""}. Nothing was changed`,
    checks: [call],
  };
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
