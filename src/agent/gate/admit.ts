import type { ActionCall } from "../actions/call.ts";
import type { ActionDefinition } from "../actions/definition.ts";
import type { Resolution } from "../resolver/parameters.ts";
import type { CatalogEntry } from "../resolver/products.ts";
import { asArray, hasMembers, lookupIn } from "../template.ts";
import { checkCondition } from "./check.ts";
import type { Condition } from "./condition.ts";
import { issueGrant, isWrite, type WriteGrant } from "./grant.ts";
import { licensed } from "./license.ts";
import { capitalized } from "./terms.ts";

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
  const productParameter = Object.entries(action.understanding?.parameters ?? {}).find(
    ([, fill]) => fill.from === "product",
  )?.[0];
  const product = context.catalog.find((entry) => entry.id === resolution.parameters[productParameter ?? ""]);
  const read = product ? await readFacts(condition, context) : undefined;
  if (!product || !read) return { held: `I can't check "${condition.said}", so nothing was changed`, checks: [] };
  const { call, balance, status } = read;
  const quantityParameter = Object.entries(action.understanding?.parameters ?? {}).find(
    ([, fill]) => fill.from === "quantity",
  )?.[0];
  const quantity = Number(resolution.parameters[quantityParameter ?? ""] ?? 1);
  const outcome = checkCondition(condition, {
    product,
    quantity,
    ...(balance && Number.isFinite(balance.amount) ? { balance } : {}),
    ...(status !== undefined ? { status } : {}),
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

/** Reads what a condition is about: the balance (the action that answers one amount), or the status of the record it names. */
async function readFacts(
  condition: Condition,
  context: { actions: readonly ActionDefinition[]; read: Read },
): Promise<{ call: ActionCall; balance?: { amount: number; currency: string }; status?: string } | undefined> {
  const { record } = condition;
  if (condition.subject === "status" && record) {
    const action = context.actions.find((each) => each.name === record.action);
    const items = action?.understanding?.items;
    if (!action || !items?.status) return undefined;
    const call = await context.read(action, { [record.parameter]: record.value });
    const list = call.response.status < 400 ? lookupIn({ body: call.response.body }, items.from) : undefined;
    const elements = asArray(list);
    // The element the reference names: one whose fields hold it, or the only one the call returned.
    const named = elements.find(
      (each) =>
        hasMembers(each) &&
        Object.values(each).some((value) => String(value).toLowerCase() === record.value.toLowerCase()),
    );
    const element = named ?? (elements.length === 1 ? elements[0] : undefined);
    const status = element ? lookupIn(element, items.status) : undefined;
    return { call, ...(typeof status === "string" ? { status } : {}) };
  }
  const balanceAction = context.actions.find((each) => each.understanding?.total && !isWrite(each));
  if (!balanceAction?.understanding?.total) return undefined;
  const call = await context.read(balanceAction, {});
  const { amount, currency } = balanceAction.understanding.total;
  const scope = { body: call.response.body };
  return call.response.status < 400
    ? { call, balance: { amount: Number(lookupIn(scope, amount)), currency: String(lookupIn(scope, currency)) } }
    : { call };
}
