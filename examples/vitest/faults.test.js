import { expect } from "vitest";
import { test } from "./fixtures.js";

const ADA = "ada@example.com";
const RICE = "ofada-rice-5kg";

test("a fault fails the agent's write once, and the retry lands", async ({ sandbox }) => {
  const agent = await sandbox.asAgent(ADA);
  await sandbox.controls.addFault({
    service: "storefront",
    route: "POST /api/agent/cart/items",
    status: 503,
    times: 1,
  });

  expect((await agent.addToCart(RICE, 5)).status).toBe(503);
  const retried = await agent.addToCart(RICE, 5);
  expect(retried.kind === "answer" && retried.body.items).toEqual([expect.objectContaining({ id: RICE, quantity: 5 })]);

  const journal = await sandbox.controls.expect({ path: "/api/agent/cart/items", user: ADA, status: "5xx" }, 1);
  expect(journal.matched).toBe(1);
});
