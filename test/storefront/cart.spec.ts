import assert from "node:assert/strict";
import { test } from "node:test";
import { parseAnswer, rawRequest, requestText } from "../helpers/raw-http.ts";
import { errorBody, startTestSandbox, TUNDE } from "../helpers/sandbox.ts";
import { parseSse } from "../helpers/sse.ts";

interface Cart {
  items: { id: string; name: string; description: string; price: number; quantity: number; imageUrl: string }[];
  subtotal: number;
}

test("POST /api/cart/items", async (t) => {
  const sandbox = await startTestSandbox(t);
  const token = await sandbox.login();
  const add = async (body: unknown, expected = 200) => {
    const response = await sandbox.addToCart(token, body);
    assert.equal(response.status, expected, await response.clone().text());
    return response;
  };

  await t.test("quantity omitted adds 1; the item carries name, pack size, unit price in naira and image", async () => {
    const cart = (await (await add({ product_id: "ofada-rice-5kg" })).json()) as Cart;
    assert.deepEqual(cart, {
      items: [
        {
          id: "ofada-rice-5kg",
          name: "Ofada Rice",
          description: "5 kg bag",
          price: 21000,
          quantity: 1,
          imageUrl: "https://images.example.com/groceries/ofada-rice.jpg",
        },
      ],
      subtotal: 21000,
    });
  });

  await t.test("adding the same product again adds to its line; another product gets its own line", async () => {
    await add({ product_id: "ofada-rice-5kg", quantity: 2 });
    const cart = (await (await add({ product_id: "ugu-leaves-bunch", quantity: 3 })).json()) as Cart;
    assert.deepEqual(
      cart.items.map((item) => [item.id, item.quantity]),
      [
        ["ofada-rice-5kg", 3],
        ["ugu-leaves-bunch", 3],
      ],
    );
    assert.equal(cart.subtotal, 3 * 21000 + 3 * cart.items[1]!.price);
  });

  await t.test("Accept: application/json answers JSON", async () => {
    const response = await sandbox.addToCart(token, { product_id: "ugu-leaves-bunch" }, { accept: "application/json" });
    assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
    assert.equal(((await response.json()) as Cart).items[1]!.quantity, 4);
  });

  await t.test("Accept: text/event-stream answers one cart event and ends", async () => {
    const response = await sandbox.addToCart(
      token,
      { product_id: "ugu-leaves-bunch" },
      { accept: "text/event-stream" },
    );
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^text\/event-stream/);
    const messages = parseSse(await response.text());
    assert.equal(messages.length, 1);
    assert.equal(messages[0]!.event, "cart");
    assert.match(messages[0]!.id ?? "", /^\d+$/);
    assert.equal((JSON.parse(messages[0]!.data!) as Cart).items[1]!.quantity, 5);
  });

  await t.test("Accept is negotiated by preference", async () => {
    const cases: [string, boolean][] = [
      ["text/event-stream", true],
      ["text/event-stream, */*;q=0.1", true],
      ["application/json, text/event-stream", false],
      ["text/event-stream;q=0, application/json", false],
      ["application/json;q=0.5, text/event-stream", true],
      ["*/*", false],
    ];
    for (const [accept, stream] of cases) {
      const response = await sandbox.addToCart(token, { product_id: "ugu-leaves-bunch", quantity: 1 }, { accept });
      assert.match(
        response.headers.get("content-type") ?? "",
        stream ? /^text\/event-stream/ : /^application\/json/,
        accept,
      );
      await response.body?.cancel();
    }
    await add({ product_id: "ugu-leaves-bunch", quantity: 1 });
    const reset = (await (await add({ product_id: "ugu-leaves-bunch", quantity: 1 })).json()) as Cart;
    assert.equal(reset.items[1]!.quantity, 5 + cases.length + 2);
  });

  const invalid: [string, unknown, number, string][] = [
    ["quantity 0", { product_id: "ofada-rice-5kg", quantity: 0 }, 400, "validation_error"],
    ["quantity 100", { product_id: "ofada-rice-5kg", quantity: 100 }, 400, "validation_error"],
    ["quantity 1.5", { product_id: "ofada-rice-5kg", quantity: 1.5 }, 400, "validation_error"],
    ['quantity "2"', { product_id: "ofada-rice-5kg", quantity: "2" }, 400, "validation_error"],
    ["quantity null", { product_id: "ofada-rice-5kg", quantity: null }, 400, "validation_error"],
    ["quantity -1", { product_id: "ofada-rice-5kg", quantity: -1 }, 400, "validation_error"],
    ["no product_id", { quantity: 1 }, 400, "validation_error"],
    ["numeric product_id", { product_id: 7 }, 400, "validation_error"],
    ["unknown product", { product_id: "caviar-tin" }, 404, "product_not_found"],
    ["product id with path tricks", { product_id: "../../fixtures/users" }, 404, "product_not_found"],
    ["product id __proto__", { product_id: "__proto__" }, 404, "product_not_found"],
  ];
  for (const [name, body, status, code] of invalid) {
    await t.test(`${name}: ${status} ${code}, cart unchanged`, async () => {
      const response = await add(body, status);
      assert.equal((await errorBody(response)).code, code);
      const cart = (await (await add({ product_id: "ofada-rice-5kg", quantity: 1 })).json()) as Cart;
      assert.equal(cart.items[0]!.quantity, 4 + invalid.findIndex(([other]) => other === name));
      void cart;
    });
  }

  await t.test("subtotal is exact to the kobo and rounded to 2 decimals", async () => {
    const tunde = await sandbox.login(TUNDE);
    const response = await sandbox.addToCart(tunde, { product_id: "fresh-eggs-crate-of-30", quantity: 3 });
    const cart = (await response.json()) as Cart;
    assert.equal(cart.items.length, 1, "each user has a cart of their own");
    assert.equal(cart.subtotal, Math.round(cart.items[0]!.price * 3 * 100) / 100);
    assert.ok((String(cart.subtotal).split(".")[1] ?? "").length <= 2);
  });
});

test("200 concurrent adds end with the exact quantity", async (t) => {
  const sandbox = await startTestSandbox(t);
  const token = await sandbox.login();
  const responses = await Promise.all(
    Array.from({ length: 200 }, () => sandbox.addToCart(token, { product_id: "ugu-leaves-bunch", quantity: 1 })),
  );
  assert.deepEqual([...new Set(responses.map((response) => response.status))], [200]);
  const quantities = await Promise.all(
    responses.map(async (response) => ((await response.json()) as Cart).items[0]!.quantity),
  );
  assert.deepEqual(
    [...quantities].sort((a, b) => a - b),
    Array.from({ length: 200 }, (_, index) => index + 1),
    "each answer saw its own write",
  );
  const final = (await (
    await sandbox.addToCart(token, { product_id: "ugu-leaves-bunch", quantity: 1 })
  ).json()) as Cart;
  assert.equal(final.items[0]!.quantity, 201);
});

test("an event-stream answer closes the connection when the client asks", async (t) => {
  const sandbox = await startTestSandbox(t);
  const token = await sandbox.login();
  const headers = [`Authorization: Bearer ${token}`, "Accept: text/event-stream", "Content-Type: application/json"];
  const answer = parseAnswer(
    await rawRequest(sandbox.url, requestText("POST", "/api/cart/items", headers, '{"product_id":"ofada-rice-5kg"}')),
  );
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.connection, "close");
  assert.equal(parseSse(answer.body)[0]?.event, "cart");
});
