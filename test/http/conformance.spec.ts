import assert from "node:assert/strict";
import { STATUS_CODES } from "node:http";
import { test } from "node:test";
import { loginAt, SERVICE_TOKEN, sessionRequest, startFullSandbox } from "../helpers/agent.ts";
import { CLIENT } from "../helpers/oauth.ts";
import { parseAnswer, type RawAnswer, rawRequest, requestText } from "../helpers/raw-http.ts";
import { ADA } from "../helpers/sandbox.ts";

const JSON_TYPE = "application/json; charset=utf-8";
const AGENT = [`Authorization: Bearer ${SERVICE_TOKEN}`, `X-End-User-Id: ${ADA.id}`];

/** Raw answers of each kind the servers give: routes' plain values, Responses, errors, pages, streams, h3's own answers. */
async function answersOfEveryKind(t: { after(fn: () => unknown): void }): Promise<[string, RawAnswer][]> {
  const sandbox = await startFullSandbox(t);
  const [storefront, wallet, host] = [sandbox.urls.storefront!, sandbox.urls.wallet!, sandbox.urls.host!];
  const storefrontToken = await loginAt(storefront);
  await sessionRequest(host, "POST", { userId: ADA.id, token: await loginAt(wallet) });
  const authorize = `/oauth/authorize?response_type=code&client_id=${CLIENT.id}&redirect_uri=${encodeURIComponent(CLIENT.redirectUri)}`;
  const cases: [string, string, string][] = [
    ["a route's plain object", storefront, requestText("GET", "/health")],
    ["HEAD", storefront, requestText("HEAD", "/health")],
    ["a SandboxError", storefront, requestText("GET", "/api/products")],
    ["an unknown route", wallet, requestText("GET", "/nowhere")],
    ["h3's own 400 (bad URL)", storefront, requestText("GET", "/api/%ZZ")],
    ["a live event stream", storefront, requestText("GET", `/api/cart/stream?access_token=${storefrontToken}`)],
    [
      "an event-stream answer",
      storefront,
      requestText(
        "POST",
        "/api/cart/items",
        [`Authorization: Bearer ${storefrontToken}`, "Accept: text/event-stream", "Content-Type: application/json"],
        '{"product_id":"ofada-rice-5kg"}',
      ),
    ],
    ["the OAuth metadata", wallet, requestText("GET", "/.well-known/oauth-authorization-server")],
    ["an OAuth token error", wallet, requestText("POST", "/oauth/token")],
    ["the sign-in page", wallet, requestText("GET", authorize, ["Origin: http://localhost:5173"])],
    [
      "a redirect back to the client",
      wallet,
      requestText("GET", authorize.replace("response_type=code", "response_type=token")),
    ],
    ["an authorize error page", wallet, requestText("GET", "/oauth/authorize")],
    ["the host app's wallet answer", host, requestText("GET", "/api/agent/wallet?period=7d", AGENT)],
    ["a wallet error passed through", host, requestText("GET", "/api/agent/wallet?period=5d", AGENT)],
    [
      "a CORS preflight",
      storefront,
      requestText("OPTIONS", "/api/cart/items", [
        "Origin: http://localhost:3000",
        "Access-Control-Request-Method: POST",
      ]),
    ],
    ["a malformed request", storefront, requestText("GET", "/health", ["Authorization: a\rb"])],
  ];
  const answers: [string, RawAnswer][] = [];
  for (const [name, url, text] of cases) {
    // A live stream never ends by itself: it is cut after its first block.
    const raw = await rawRequest(
      url,
      text,
      (answer) => name === "a live event stream" && answer.includes("\n\n", answer.indexOf("\r\n\r\n") + 4),
    );
    answers.push([name, parseAnswer(raw)]);
  }
  return answers;
}

test("every answer, whatever made it", async (t) => {
  const answers = await answersOfEveryKind(t);

  for (const [name, answer] of answers) {
    await t.test(`${name}: nosniff, one JSON type, a reason phrase`, () => {
      assert.equal(answer.headers["x-content-type-options"], "nosniff");
      const type = answer.headers["content-type"];
      if (type?.toLowerCase().startsWith("application/json")) assert.equal(type, JSON_TYPE);
      assert.equal(answer.reason, STATUS_CODES[answer.status], `status line of ${answer.status}`);
    });
  }

  await t.test("an HTML page is not readable from another origin; JSON is", () => {
    const page = answers.find(([name]) => name === "the sign-in page")![1];
    assert.match(page.headers["content-type"] ?? "", /^text\/html/);
    assert.equal(page.headers["access-control-allow-origin"], undefined);
    assert.equal(page.headers["access-control-expose-headers"], undefined);
    assert.equal(
      answers.find(([name]) => name === "the OAuth metadata")![1].headers["access-control-allow-origin"],
      "*",
    );
  });
});
