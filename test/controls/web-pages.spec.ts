import assert from "node:assert/strict";
import { test } from "node:test";
import { ControlsClient } from "../../src/client/controls-client.ts";
import { CONTROLS_PREFIX } from "../../src/contracts/controls/prefix.ts";
import { errorBody, startTestSandbox } from "../helpers/sandbox.ts";

const JSON_TYPE = { "content-type": "application/json" };

/** A control request as a page (or a program) would send it: fetch lets a test set Origin and Sec-Fetch-Site. */
function send(url: string, method: string, path: string, headers: Record<string, string>, body?: RequestInit["body"]) {
  return fetch(`${url}${CONTROLS_PREFIX}${path}`, { method, headers, body });
}

/** Every control route the server lists in its index, as method and a path to call (route parameters filled in). */
async function controlRoutes(url: string): Promise<{ method: string; path: string }[]> {
  const index = (await (await fetch(`${url}/`)).json()) as { routes: { method: string; path: string }[] };
  return index.routes
    .filter((route) => route.path.startsWith(CONTROLS_PREFIX))
    .map(({ method, path }) => ({ method, path: path.slice(CONTROLS_PREFIX.length).replace(/:\w+/g, "x") }));
}

test("a page on another port of localhost cannot reset the sandbox: refused before the control runs, the cart kept", async (t) => {
  const sandbox = await startTestSandbox(t, { flags: { only: "storefront,wallet" } });
  const port = new URL(sandbox.url).port;
  const token = await sandbox.login();
  const controls = new ControlsClient(sandbox.url);
  // The lines of every cart, as the storefront's data holds them.
  const cartSize = async () => {
    const { carts } = (await controls.exportData()).services.storefront as { carts: Record<string, { lines: [] }> };
    return Object.values(carts).reduce((sum, cart) => sum + cart.lines.length, 0);
  };
  assert.equal((await sandbox.addToCart(token, { product_id: "ofada-rice-5kg", quantity: 2 })).status, 200);
  assert.equal(await cartSize(), 1);

  const cases: [string, Record<string, string>, RequestInit["body"] | undefined, number, string, RegExp][] = [
    [
      "the attack: a simple request from another port of localhost",
      { origin: "http://localhost:3000", "content-type": "text/plain", "sec-fetch-site": "cross-site" },
      "{}",
      403,
      "forbidden_origin",
      /Sec-Fetch-Site: cross-site.*CLI/,
    ],
    [
      "another port of localhost, from a browser without Sec-Fetch-Site",
      { origin: "http://localhost:3000", ...JSON_TYPE },
      "{}",
      403,
      "forbidden_origin",
      /^Refused a request from a page at "http:\/\/localhost:3000": .*\(http:\/\/127\.0\.0\.1:\d+, http:\/\/127\.0\.0\.1:\d+\)/,
    ],
    [
      "127.0.0.2, where the servers do not listen",
      { origin: `http://127.0.0.2:${port}` },
      undefined,
      403,
      "forbidden_origin",
      /127\.0\.0\.2/,
    ],
    ["an opaque origin (a sandboxed frame, a file)", { origin: "null" }, undefined, 403, "forbidden_origin", /"null"/],
    [
      "the sandbox's own name by https",
      { origin: `https://127.0.0.1:${port}` },
      undefined,
      403,
      "forbidden_origin",
      /https/,
    ],
    ["a page of the same site", { "sec-fetch-site": "same-site" }, undefined, 403, "forbidden_origin", /same-site/],
    [
      "a text body",
      { "content-type": "text/plain;charset=UTF-8" },
      "{}",
      415,
      "unsupported_media_type",
      /got Content-Type: text\/plain;charset=UTF-8\..*Nothing was changed/,
    ],
    [
      "a form body",
      { "content-type": "application/x-www-form-urlencoded" },
      "only=storefront",
      415,
      "unsupported_media_type",
      /application\/x-www-form-urlencoded/,
    ],
    [
      "a body without a Content-Type",
      {},
      new Uint8Array([123, 125]),
      415,
      "unsupported_media_type",
      /a body without a Content-Type/,
    ],
  ];
  for (const [name, headers, body, status, code, message] of cases) {
    await t.test(name, async () => {
      const answer = await send(sandbox.url, "POST", "reset", headers, body);
      assert.equal(answer.status, status);
      const error = await errorBody(answer);
      assert.equal(error.code, code);
      assert.match(error.error, message);
      assert.equal(answer.headers.get("access-control-allow-origin"), null, "no page may read the answer");
      assert.equal(await cartSize(), 1, "the cart is still there");
    });
  }

  await t.test("the sandbox's own pages and programs may", async () => {
    const own: Record<string, string>[] = [
      { origin: new URL(sandbox.url).origin, "sec-fetch-site": "same-origin", ...JSON_TYPE },
      { origin: `http://localhost:${port}` }, // a body-less POST: reset takes none
      { origin: sandbox.sandbox.urls.wallet!, ...JSON_TYPE }, // another server of the sandbox
      { "sec-fetch-site": "none", ...JSON_TYPE }, // typed in the address bar: no page sent it
    ];
    for (const headers of own) {
      assert.equal((await sandbox.addToCart(token, { product_id: "ofada-rice-5kg", quantity: 1 })).status, 200);
      const answer = await send(sandbox.url, "POST", "reset", headers, "content-type" in headers ? "{}" : undefined);
      assert.equal(answer.status, 200, JSON.stringify(headers));
      assert.equal(await cartSize(), 0, "reset");
    }
    // The CLI and ControlsClient: JSON, or no body, and no Origin.
    await sandbox.addToCart(token, { product_id: "ofada-rice-5kg", quantity: 1 });
    assert.deepEqual(await controls.reset(), { reset: ["storefront", "wallet"] });
    assert.equal(await cartSize(), 0);
  });
});

test("every control refuses another site's page, and every one that changes something a body other than JSON", async (t) => {
  const sandbox = await startTestSandbox(t, { flags: { only: "storefront,wallet" } });
  const controls = new ControlsClient(sandbox.url);
  await sandbox.login(); // an entry in the journal, which no refused DELETE may clear
  const routes = [...(await controlRoutes(sandbox.url)), ...(await controlRoutes(sandbox.sandbox.urls.wallet!))];
  const changing = routes.filter(({ method }) => method !== "GET");
  assert.ok(routes.some(({ path }) => path === "export") && routes.some(({ path }) => path === "journal"));
  assert.ok(changing.length >= 8, JSON.stringify(changing));

  for (const { method, path } of routes) {
    const url = path.startsWith("oauth/") ? sandbox.sandbox.urls.wallet! : sandbox.url;
    const pages: Record<string, string>[] = [{ origin: "http://localhost:5173" }, { "sec-fetch-site": "cross-site" }];
    for (const headers of pages) {
      const answer = await send(url, method, path, { ...headers, ...JSON_TYPE }, method === "GET" ? undefined : "{}");
      assert.equal(answer.status, 403, `${method} ${path} ${JSON.stringify(headers)}`);
      assert.equal((await errorBody(answer)).code, "forbidden_origin");
    }
  }
  for (const { method, path } of changing) {
    const url = path.startsWith("oauth/") ? sandbox.sandbox.urls.wallet! : sandbox.url;
    const answer = await send(url, method, path, { "content-type": "text/plain" }, '{"advance":"25h"}');
    assert.equal(answer.status, 415, `${method} ${path}`);
    assert.equal((await errorBody(answer)).code, "unsupported_media_type");
  }
  assert.equal((await controls.clock()).offsetMs, 0, "the clock did not move");
  assert.deepEqual(await controls.faults(), [], "no fault was added");
  assert.ok((await controls.journal()).entries.length > 0, "the journal was not cleared");

  // Reads from the sandbox's own page answer.
  const own = { origin: new URL(sandbox.url).origin, "sec-fetch-site": "same-origin" };
  assert.equal((await send(sandbox.url, "GET", "journal", own)).status, 200);
  assert.equal((await send(sandbox.url, "GET", "export", own)).status, 200);
});
