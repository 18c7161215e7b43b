import assert from "node:assert/strict";
import { test } from "node:test";
import type { JournalEntry } from "../../src/contracts/journal/entry.ts";
import { loginAt, startFullSandbox } from "../helpers/agent.ts";
import { runInProcess } from "../helpers/in-process.ts";
import { CLIENT } from "../helpers/oauth.ts";
import { tempDir } from "../helpers/sandbox.ts";

/** A secret as a client would make one: no plain word, and nothing a URL, a form or JSON spells otherwise. */
const secret = (carrier: string) => `${carrier.toLowerCase().replace(/[^a-z0-9]/g, "-")}-7f3a9c2e`;

/** JSON members that carry secrets, one level down and in JSON written in a string too. */
const JSON_CARRIERS = ["x-api-key", "Authorization", "cookie", "session", "passwd", "pass", "private_key"];
/** Headers that carry secrets. */
const HEADER_CARRIERS = [
  "X-Authorization",
  "Authentication",
  "Private-Token",
  "X-Session-Token",
  "X-Api-Token",
  "X-Vault-Token",
  "X-Goog-Api-Key",
  "Ocp-Apim-Subscription-Key",
  "X-Amz-Security-Token",
  "Cookie2",
];
/** Query parameters that carry secrets. */
const QUERY_CARRIERS = ["key", "auth", "sig", "passwd", "x-api-key"];
/** Names with a secret's word in them, or about one, whose harmless values stay. */
const HARMLESS = {
  token_type: "Bearer",
  tokenTtl: 3600,
  keyword: "rice",
  monkey: "banana",
  passenger: "Ada",
  author: "Ngozi",
  sessionStore: "redis",
  auth: "none",
};

/** Every string of a JSON value, its escapes undone. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

test("secrets are masked by rule in the journal, its HAR and its recording: every carrier, JSON in a string, hex", {
  timeout: 90_000,
}, async (t) => {
  const dataDir = await tempDir(t);
  const sandbox = await startFullSandbox(t, {}, dataDir);
  const storefront = sandbox.urls.storefront!;
  const shown: Record<string, string> = {};
  const carry = (carrier: string) => {
    shown[carrier] = secret(carrier);
    return shown[carrier];
  };

  // JSON fields, in a body the login reads (and refuses): as they are, nested, and as JSON written in a string, twice.
  const members = (prefix: string) =>
    Object.fromEntries(
      JSON_CARRIERS.map((name) => {
        const value = carry(`${prefix}${name}`);
        return [name, name === "Authorization" ? `Bearer ${value}` : value];
      }),
    );
  const body = {
    ...members("json-"),
    headers: { authorization: `Bearer ${carry("json-nested-authorization")}` },
    payload: JSON.stringify({ ...members("in-string-"), inner: JSON.stringify(members("in-string-twice-")) }),
    note: `sent as Bearer ${carry("bearer-in-prose")} and Basic ${Buffer.from(`ada:${carry("basic-in-prose")}`).toString("base64")}`,
    ...HARMLESS,
    prose: "Bearer bonds and a basic plan",
  };
  const login = await fetch(`${storefront}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  assert.equal(login.status, 400, "the login read the body");

  // Headers.
  const headers = Object.fromEntries(HEADER_CARRIERS.map((name) => [name, carry(`header-${name}`)]));
  headers["X-Authorization"] = `Bearer ${headers["X-Authorization"]}`;
  await fetch(`${storefront}/api/products?n=headers`, { headers });

  // Query parameters, and the default client's secret in hex (lower case in the query, upper in a header).
  const hex = Buffer.from(CLIENT.secret).toString("hex");
  const query = new URLSearchParams(QUERY_CARRIERS.map((name): [string, string] => [name, carry(`query-${name}`)]));
  query.set("keyword", "rice");
  query.set("q", hex);
  await fetch(`${storefront}/api/products?${query}`, { headers: { "x-note": hex.toUpperCase() } });
  // In a path too: a recording leaves out what it cannot replay.
  await fetch(`${storefront}/api/products/${hex}`);

  // A body a recording would replay.
  const token = await loginAt(storefront);
  const cart = await fetch(`${storefront}/api/cart/items`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ product_id: "ofada-rice-5kg", quantity: 1, session: carry("cart-session") }),
  });
  assert.ok(cart.status < 500);

  const outputs: Record<string, string> = {
    journal: await (await fetch(`${storefront}/__sandbox/journal`)).text(),
    har: await (await fetch(`${storefront}/__sandbox/journal?format=har`)).text(),
  };
  for (const format of ["--json", "--har", "--scenario"]) {
    const run = await runInProcess(["journal", format, "--data-dir", dataDir]);
    assert.equal(run.code, 0, run.stderr);
    outputs[`sandbox journal ${format}`] = run.stdout;
  }
  const values = { ...shown, "the client secret": CLIENT.secret, "its hex": hex, "its HEX": hex.toUpperCase() };
  const leaks = Object.entries(outputs).flatMap(([where, text]) => {
    const texts = where.endsWith("--scenario") ? [text] : [text, ...strings(JSON.parse(text))];
    return Object.entries(values)
      .filter(([, value]) => texts.some((each) => each.includes(value)))
      .map(([name]) => `${where} shows ${name}`);
  });
  assert.deepEqual(leaks, []);

  // What is masked says what it was; what is harmless stays.
  const { entries } = JSON.parse(outputs.journal!) as { entries: JournalEntry[] };
  const refused = entries.find((entry) => entry.path === "/api/auth/login" && entry.status === 400);
  const sent = JSON.parse(refused!.request.body!.text) as Record<string, unknown>;
  for (const name of JSON_CARRIERS) assert.equal(sent[name], "***", name);
  assert.deepEqual(sent.headers, { authorization: "***" });
  const payload = JSON.parse(sent.payload as string) as Record<string, unknown>;
  for (const name of JSON_CARRIERS) assert.equal(payload[name], "***", `${name} in a string`);
  const inner = JSON.parse(payload.inner as string) as Record<string, unknown>;
  for (const name of JSON_CARRIERS) assert.equal(inner[name], "***", `${name} in a string in a string`);
  assert.equal(sent.note, "sent as Bearer *** and Basic ***");
  for (const [name, value] of Object.entries(HARMLESS)) assert.equal(sent[name], value, name);
  assert.equal(sent.prose, "Bearer bonds and a basic plan");

  const withHeaders = entries.find((entry) => entry.query === "n=headers")!;
  for (const name of HEADER_CARRIERS) {
    assert.equal(withHeaders.request.headers[name.toLowerCase()], name === "X-Authorization" ? "Bearer ***" : "***");
  }
  const searched = entries.find((entry) => entry.query.includes("keyword="))!;
  assert.equal(searched.query, `${QUERY_CARRIERS.map((name) => `${name}=***`).join("&")}&keyword=rice&q=***`);
  assert.equal(searched.request.headers["x-note"], "***");
  assert.match(
    outputs["sandbox journal --scenario"]!,
    /Left out: .*POST \/api\/cart\/items \(its body held a secret\)/,
  );
  assert.match(outputs["sandbox journal --scenario"]!, /GET \/api\/products\/\*\*\* \(its path held a secret\)/);
});
