import assert from "node:assert/strict";
import { test } from "node:test";
import { createMasker } from "../../src/mask.ts";

const masker = createMasker(["a-configured-secret-0123"]);

/** How a value named so shows as a JSON member, a query parameter, a form field and a header: the one rule for all four. */
function shown(name: string, value: string): string[] {
  const member = JSON.parse(masker.body(JSON.stringify({ [name]: value }), "application/json", false)) as Record<
    string,
    string
  >;
  const query = new URLSearchParams(masker.query(new URLSearchParams({ [name]: value }).toString()));
  const form = new URLSearchParams(
    masker.body(new URLSearchParams({ [name]: value }).toString(), "application/x-www-form-urlencoded", false),
  );
  return [member[name]!, query.get(name)!, form.get(name)!, masker.headers({ [name]: value })[name]!];
}

test("a name is a secret's by its words: in JSON, queries, forms and headers alike", async (t) => {
  const value = "v4lue-0f-a-s3cret";
  for (const name of [
    "token",
    "api_key",
    "apiKey",
    "APIKey",
    "x-api-key",
    "xapikey",
    "accesstoken",
    "sessionId",
    "session_id",
    "client-secret",
    "Authorization",
    "X-Auth",
    "passwd",
    "userpass",
    "pwd",
    "Set-Cookie2",
    "signature",
    "sig",
    "credentials",
    "_csrf",
    "code_verifier",
    "private_key",
  ]) {
    await t.test(name, () => assert.deepEqual(shown(name, value), ["***", "***", "***", "***"]));
  }
});

test("a name that only looks like one, or is about a secret, keeps its value", async (t) => {
  const value = "v4lue-0f-n0-secret";
  for (const name of [
    "keyword",
    "monkey",
    "turkey",
    "passenger",
    "passport",
    "author",
    "authority",
    "secretary",
    "tokens",
    "prompt_tokens",
    "sessionStore",
    "tokenTtl",
    "token_type",
    "token_endpoint",
    "token_endpoint_auth_methods_supported",
    "cookie_name",
    "X-End-User-Id",
  ]) {
    await t.test(name, () => assert.deepEqual(shown(name, value), [value, value, value, value]));
  }
});

test("`code` is OAuth's code as a parameter, and an error's code in JSON", () => {
  assert.deepEqual(shown("code", "c0de-abc"), ["c0de-abc", "***", "***", "c0de-abc"]);
});

test("a plain word shows under a secret's name, but never as a password", () => {
  for (const [name, value] of [
    ["token_hint", "Bearer"],
    ["auth", "none"],
    ["session", "Memory"],
    ["x-api-key", "NONE"],
  ])
    assert.deepEqual(shown(name!, value!), [value, value, value, value], `${name}: ${value}`);
  assert.deepEqual(shown("password", "hunter"), ["***", "***", "***", "***"]);
  assert.deepEqual(shown("token", "abc123"), ["***", "***", "***", "***"], "a digit makes it no plain word");
  assert.deepEqual(shown("token", "aBcDeF"), ["***", "***", "***", "***"], "nor does mixed case");
  assert.deepEqual(shown("token", "a".repeat(17)), ["***", "***", "***", "***"], "nor a length past 16");
  const json = (body: unknown) => masker.body(JSON.stringify(body), "application/json", false);
  assert.equal(json({ session: false, token: null, auth: "" }), '{"session":false,"token":null,"auth":""}');
  assert.equal(json({ tokenTtl: 3600, token: 3600 }), '{"tokenTtl":3600,"token":"***"}');
  assert.equal(
    json({ bearerAuth: { type: "http", scheme: "bearer" }, session: { id: "s-1" } }),
    '{"bearerAuth":{"type":"http","scheme":"bearer"},"session":"***"}',
  );
});

test("credentials are masked by their look wherever they are; prose with their schemes stays", () => {
  const basic = Buffer.from("ada:pa55word").toString("base64");
  const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2lnbmF0dXJl";
  assert.equal(
    masker.text(`note: Bearer abc.123-XYZ and basic ${basic} and ${jwt}.`),
    "note: Bearer *** and basic *** and ***.",
  );
  assert.equal(
    masker.text("Bearer bonds on a Basic plan, basic 5kg bags"),
    "Bearer bonds on a Basic plan, basic 5kg bags",
  );
  assert.equal(masker.query("q=Bearer%20abc.123&n=1"), "q=Bearer%20***&n=1");
  assert.equal(
    masker.body(JSON.stringify({ note: `Bearer abc.123` }), "application/json", false),
    '{"note":"Bearer ***"}',
  );
  assert.deepEqual(masker.headers({ "x-forwarded": `Bearer abc.123`, "www-authenticate": 'Bearer realm="sandbox"' }), {
    "x-forwarded": "Bearer ***",
    "www-authenticate": 'Bearer realm="sandbox"',
  });
});

test("JSON written in a string is read as JSON, as deep as four strings; deeper, the string goes", () => {
  let nested: unknown = { api_key: "k3y-value", note: "kept" };
  const masked = [{ api_key: "***", note: "kept" }];
  for (let depth = 1; depth <= 4; depth++) nested = { inner: JSON.stringify(nested) };
  const body = JSON.parse(masker.body(JSON.stringify(nested), "application/json", false)) as { inner: string };
  let inner: { inner?: string; api_key?: string } = JSON.parse(body.inner);
  for (let depth = 2; depth <= 4; depth++) inner = JSON.parse(inner.inner!);
  assert.deepEqual(inner, masked[0]);
  const deeper = masker.body(JSON.stringify({ inner: JSON.stringify(nested) }), "application/json", false);
  assert.doesNotMatch(deeper, /k3y-value/);
  // A form's value and a query's hold JSON too.
  const form = masker.body(
    `data=${encodeURIComponent('{"token":"t0ken-1","n":1}')}`,
    "application/x-www-form-urlencoded",
    false,
  );
  assert.equal(decodeURIComponent(form), 'data={"token":"***","n":1}');
  // A body cut short in JSON written in a string: what it holds is masked as far as it goes.
  const cut = JSON.stringify({ payload: JSON.stringify({ token: "t0ken-abc123", note: "kept" }) }).slice(0, -5);
  assert.equal(masker.body(cut, "application/json", true), String.raw`{"payload":"{\"token\":\"***\",\"note\":\"kept`);
  const cutInAnEscape = String.raw`{"p":"{\"token\":\"t0ken-a\u00`;
  assert.equal(masker.body(cutInAnEscape, "application/json", true), String.raw`{"p":"{\"token\":\"***\"`);
});

test("a configured secret is masked in hex too, either case", () => {
  const hex = Buffer.from("a-configured-secret-0123").toString("hex");
  assert.equal(masker.text(`lower ${hex} upper ${hex.toUpperCase()}`), "lower *** upper ***");
  assert.equal(masker.text(`cut ${hex.slice(0, 12)}`, true), "cut ***");
});
