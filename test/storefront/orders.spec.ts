import assert from "node:assert/strict";
import { test } from "node:test";
import { formatOrderDate, formatOrderTime } from "../../src/storefront/orders.ts";
import { errorBody, startTestSandbox, TUNDE } from "../helpers/sandbox.ts";

interface OrderView {
  id: string;
  orderId: string;
  status: string;
  orderDate: string;
  orderTime: string;
  mainProduct: { name: string; description: string; price: number; quantity: number; imageUrl: string };
  additionalItemsCount: number;
}

test("order date and time are written in Lagos time", async (t) => {
  const cases: [string, string, string][] = [
    ["2024-11-12T14:45:00Z", "Tuesday, 12 November 2024", "3:45 pm"],
    ["2024-11-12T23:30:00Z", "Wednesday, 13 November 2024", "12:30 am"],
    ["2025-01-01T11:05:00Z", "Wednesday, 1 January 2025", "12:05 pm"],
  ];
  for (const [iso, date, time] of cases) {
    await t.test(iso, () => {
      assert.equal(formatOrderDate(new Date(iso)), date);
      assert.equal(formatOrderTime(new Date(iso)), time);
    });
  }
});

test("GET /api/orders", async (t) => {
  const sandbox = await startTestSandbox(t);
  const token = await sandbox.login();
  const orders = async (query = "", as = token) => {
    const response = await sandbox.as(as, `/api/orders${query}`);
    assert.equal(response.status, 200);
    return ((await response.json()) as { orders: OrderView[] }).orders;
  };

  await t.test("the first demo user has four orders, two Delivered and two Processing, newest first", async () => {
    const list = await orders();
    assert.equal(list.length, 4);
    assert.deepEqual(list.map((order) => order.status).sort(), ["Delivered", "Delivered", "Processing", "Processing"]);
    const stamps = list.map((order) =>
      Date.parse(`${order.orderDate.split(", ")[1]} ${order.orderTime.replace(/ (am|pm)/, "$1")}`),
    );
    assert.deepEqual(
      [...stamps].sort((a, b) => b - a),
      stamps,
    );
    for (const order of list) {
      assert.match(
        order.orderDate,
        /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{1,2} [A-Z][a-z]+ \d{4}$/,
      );
      assert.match(order.orderTime, /^(1[0-2]|[1-9]):[0-5]\d (am|pm)$/);
      assert.equal(typeof order.mainProduct.price, "number");
      assert.ok(Number.isInteger(order.mainProduct.quantity));
      assert.ok(order.additionalItemsCount >= 1);
    }
  });

  await t.test("order_id narrows to that order; an unknown one is an empty list", async () => {
    const [first, second] = await orders();
    assert.deepEqual(await orders(`?order_id=${first!.orderId}`), [first]);
    assert.deepEqual(await orders(`?order_id=${encodeURIComponent(second!.orderId)}`), [second]);
    assert.deepEqual(await orders("?order_id=ORD-NOPE00"), []);
    assert.deepEqual(await orders(`?order_id=${encodeURIComponent("../../etc/passwd")}`), []);
    assert.deepEqual(
      await orders(`?order_id=${encodeURIComponent(` ${first!.orderId} `)}`),
      [first],
      "the reference is trimmed",
    );
    assert.equal((await orders("?order_id=")).length, 4, "a blank reference is no filter, like a blank q");
  });

  await t.test("a repeated order_id is a 400 naming it", async () => {
    const response = await sandbox.as(token, "/api/orders?order_id=ORD-1&order_id=ORD-2");
    assert.equal(response.status, 400);
    const body = await errorBody(response);
    assert.equal(body.code, "validation_error");
    assert.deepEqual(body.details, { field: "order_id" });
  });

  await t.test("another user sees none of them, not even by reference", async () => {
    const tunde = await sandbox.login(TUNDE);
    const [first] = await orders();
    assert.deepEqual(await orders("", tunde), []);
    assert.deepEqual(await orders(`?order_id=${first!.orderId}`, tunde), []);
  });
});
