import assert from "node:assert/strict";
import { test } from "node:test";
import type { ServiceClient } from "../../src/client/service-client.ts";
import type { BodyOf, QueryOf } from "../../src/contracts/route-contract.ts";
import { ADD_TO_CART, type LIST_PRODUCTS } from "../../src/contracts/storefront/routes.ts";
import { LIST_TRANSACTIONS } from "../../src/contracts/wallet/routes.ts";
import type { BodyFields } from "../../src/http/request-input.ts";

// A route reads its body and query by its contract, and their names and types are the contract's
// schemas': `npm run typecheck` holds each line marked @ts-expect-error to failing. These functions
// are never called; they are here to be compiled.
export function readsOnlyWhatItsContractSays(body: BodyFields<BodyOf<typeof ADD_TO_CART>>): void {
  const productId: string = body.field("product_id");
  // A field with a default is never absent: the route reads the default.
  const quantity: number = body.field("quantity");
  // @ts-expect-error: the contract's field is product_id
  body.field("productId");
  // @ts-expect-error: quantity is a number, not a string
  const asText: string = body.field("quantity");
  void [productId, quantity, asText];
}

export function queriesAreTypedToo(
  products: QueryOf<typeof LIST_PRODUCTS>,
  transactions: QueryOf<typeof LIST_TRANSACTIONS>,
): void {
  const q: string | undefined = products.q;
  // An enum parameter reads as its values.
  const period: "7d" | "30d" | "90d" | "1y" | undefined = transactions.period;
  // @ts-expect-error: the catalog takes no "query" parameter
  void products.query;
  // @ts-expect-error: absent unless given: a query parameter may be undefined
  const direction: string = transactions.direction;
  void [q, period, direction];
}

// A client sends the body its contract types: the required fields, each of its type.
export function sendsWhatItsContractTakes(client: ServiceClient): void {
  const input = { service: "storefront", path: "/api/cart/items" } as const;
  void client.call(ADD_TO_CART, { ...input, body: { product_id: "ofada-rice-5kg" } });
  // @ts-expect-error: product_id is required
  void client.call(ADD_TO_CART, { ...input, body: { quantity: 2 } });
  // @ts-expect-error: quantity is a number
  void client.call(ADD_TO_CART, { ...input, body: { product_id: "ofada-rice-5kg", quantity: "2" } });
}

test("a contract keeps its literal types: its schemas read without optional chains or casts", () => {
  // These compile only because defineRoute kept the literal types; widened to RouteContract, each
  // would be optional and unknown.
  assert.equal(ADD_TO_CART.body.schema.properties.quantity.maximum, 99);
  assert.deepEqual(ADD_TO_CART.body.schema.required, ["product_id"]);
  assert.deepEqual(LIST_TRANSACTIONS.query.period.schema.enum, ["7d", "30d", "90d", "1y"]);
});
