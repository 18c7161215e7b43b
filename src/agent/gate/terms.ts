import { isDeepStrictEqual } from "node:util";
import type { ActionDefinition } from "../actions/definition.ts";
import type { Resolution } from "../resolver/parameters.ts";
import { type CatalogEntry, matchProduct } from "../resolver/products.ts";
import { isWrite } from "./grant.ts";

/** What the write gate works with, and the words it says a write and its product in. */

export interface GateInput {
  question: string;
  /** The resolver's reading of the whole message. */
  resolution: Resolution;
  catalog: readonly CatalogEntry[];
  actions: readonly ActionDefinition[];
  /** Resolves words as one request, as the resolver does; `reads` leaves every write action out. */
  resolve(text: string, only?: "reads"): Resolution;
  /** The change no action makes that words ask for ("cancel anything"), if any. */
  changeIn(text: string): string | undefined;
}

/** Whether a text names this very product. */
export function namesProduct(
  text: string,
  product: CatalogEntry | undefined,
  catalog: readonly CatalogEntry[],
): boolean {
  const match = product ? matchProduct(text, catalog) : null;
  return match !== null && "product" in match && match.product === product;
}

/** Whether a text names the write's product (or, for a write with none, any write at all). */
export function namesWrite(text: string, write: Resolution, input: GateInput): boolean {
  const product = productOf(write, input.actions, input.catalog);
  if (!product) return /\b(?:add|buy|put|order|get)\b/i.test(text);
  const match = matchProduct(text, input.catalog);
  return match !== null && ("product" in match ? match.product === product : match.candidates.includes(product));
}

/** Whether the whole message's write only fills in what its request part left to ask (the product named in a condition). */
export function completes(whole: Resolution, alone: Resolution, actions: readonly ActionDefinition[]): boolean {
  const product = fillNamed(alone, actions, "product");
  return (
    whole.action === alone.action &&
    product !== undefined &&
    alone.followUp?.parameter === product &&
    whole.parameters[product] !== undefined &&
    Object.entries(alone.parameters).every(([name, value]) => isDeepStrictEqual(whole.parameters[name], value))
  );
}

export function writes(resolution: Resolution, actions: readonly ActionDefinition[]): boolean {
  const action = actions.find((each) => each.name === resolution.action);
  return action !== undefined && isWrite(action);
}

/** The name of the action's parameter filled by a kind of fill ("quantity", "product"). */
export function fillNamed(
  resolution: Resolution,
  actions: readonly ActionDefinition[],
  from: string,
): string | undefined {
  const action = actions.find((each) => each.name === resolution.action);
  return Object.entries(action?.understanding?.parameters ?? {}).find(([, fill]) => fill.from === from)?.[0];
}

export function productOf(
  resolution: Resolution | undefined,
  actions: readonly ActionDefinition[],
  catalog: readonly CatalogEntry[],
): CatalogEntry | undefined {
  if (!resolution) return undefined;
  const name = fillNamed(resolution, actions, "product");
  const id = name ? resolution.parameters[name] : undefined;
  return catalog.find((entry) => entry.id === id);
}

/** What held-back words would have added, in words: "added Fresh Eggs", or "added anything" when they name no one product. */
export function namedIn(texts: string[], input: GateInput): string {
  for (const text of texts) {
    const match = matchProduct(text, input.catalog);
    if (match && "product" in match) return `added ${match.product.name}`;
  }
  return "added anything";
}

/** The write in words: "added 2 × Local Rice", or "made that change" for an action without a product. */
export function said(resolution: Resolution | undefined, input: GateInput): string {
  const product = productOf(resolution, input.actions, input.catalog);
  if (!resolution || !product) return "added anything";
  const quantityName = fillNamed(resolution, input.actions, "quantity");
  const quantity = quantityName ? resolution.parameters[quantityName] : undefined;
  return quantity === undefined ? `added ${product.name}` : `added ${quantity} × ${product.name}`;
}

export function shortened(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 80 ? `${flat.slice(0, 77)}…` : flat;
}

export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
