import assert from "node:assert/strict";
import { test } from "node:test";
import { startFullSandbox } from "../helpers/agent.ts";
import { parseAnswer, rawRequest, requestText } from "../helpers/raw-http.ts";

test("a known path with a method it does not have", async (t) => {
  const sandbox = await startFullSandbox(t);
  const [storefront, wallet, host] = [sandbox.urls.storefront!, sandbox.urls.wallet!, sandbox.urls.host!];
  const cases: [string, string, string, string][] = [
    [storefront, "DELETE", "/api/products", "GET, HEAD, OPTIONS"],
    [storefront, "PUT", "/api/cart/items", "POST, OPTIONS"],
    [storefront, "GET", "/api/agent/session", "POST, DELETE, OPTIONS"],
    [wallet, "POST", "/api/wallet/transactions/txn_ada_0003", "GET, HEAD, OPTIONS"],
    [wallet, "PATCH", "/oauth/authorize", "GET, HEAD, POST, OPTIONS"],
    [host, "POST", "/health", "GET, HEAD, OPTIONS"],
  ];
  for (const [url, method, path, allow] of cases) {
    await t.test(`${method} ${path} is 405 with Allow: ${allow}`, async () => {
      const answer = parseAnswer(await rawRequest(url, requestText(method, path, ["Content-Length: 0"])));
      assert.equal(answer.status, 405);
      assert.equal(answer.headers.allow, allow);
      const body = JSON.parse(answer.body) as { error: string; code: string };
      assert.equal(body.code, "method_not_allowed");
      assert.match(body.error, new RegExp(`${method} .*${allow}`));
    });

    await t.test(`OPTIONS ${path} is 204 with Allow: ${allow}`, async () => {
      const answer = parseAnswer(await rawRequest(url, requestText("OPTIONS", path)));
      assert.equal(answer.status, 204);
      assert.equal(answer.headers.allow, allow);
      assert.equal(answer.body, "");
    });
  }

  await t.test("HEAD on a path without GET is 405 too", async () => {
    const answer = parseAnswer(await rawRequest(storefront, requestText("HEAD", "/api/cart/items")));
    assert.equal(answer.status, 405);
    assert.equal(answer.headers.allow, "POST, OPTIONS");
  });

  await t.test("an unknown path stays a 404, whatever the method", async () => {
    for (const method of ["GET", "DELETE", "OPTIONS"]) {
      const answer = parseAnswer(await rawRequest(storefront, requestText(method, "/api/product")));
      assert.equal(answer.status, 404, method);
      assert.equal(answer.headers.allow, undefined);
    }
  });

  await t.test("a CORS preflight is still answered by the CORS rules", async () => {
    const answer = parseAnswer(
      await rawRequest(
        storefront,
        requestText("OPTIONS", "/api/cart/items", [
          "Origin: http://localhost:3000",
          "Access-Control-Request-Method: POST",
        ]),
      ),
    );
    assert.equal(answer.status, 204);
    assert.equal(answer.headers["access-control-allow-origin"], "*");
    assert.equal(answer.headers["access-control-allow-methods"], "*");
  });
});
