import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { test } from "node:test";
import type { JournalEntry } from "../../src/contracts/journal/entry.ts";
import { loginAt, startFullSandbox } from "../helpers/agent.ts";
import { basic, CLIENT, openAuthorize, type SignInPage } from "../helpers/oauth.ts";
import { rawRequest, requestText } from "../helpers/raw-http.ts";
import { ADA } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 90_000 };

/** The journal as a client reads it: its whole text, and its entries. */
async function readJournal(url: string): Promise<{ text: string; entries: JournalEntry[] }> {
  const response = await fetch(`${url}/__sandbox/journal`);
  assert.equal(response.status, 200);
  const text = await response.text();
  return { text, entries: (JSON.parse(text) as { entries: JournalEntry[] }).entries };
}

/** Every string of a JSON value, its escapes undone. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

/** Each character as a JSON `\uXXXX` escape, hex in the case given. */
function jsonEscaped(value: string, upper: boolean): string {
  return Array.from({ length: value.length }, (_, index) => {
    const hex = value.charCodeAt(index).toString(16).padStart(4, "0");
    return `\\u${upper ? hex.toUpperCase() : hex}`;
  }).join("");
}

/** A value as a client may send it: as is, in a URL (hex in either case), a form, JSON (escapes of either case), its UTF-8 bytes as Node reads a header, base64. */
function spellings(value: string): string[] {
  const percent = encodeURIComponent(value);
  return [
    ...new Set([
      value,
      percent,
      percent.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
      new URLSearchParams({ s: value }).toString().slice(2),
      JSON.stringify(value).slice(1, -1),
      jsonEscaped(value, false),
      jsonEscaped(value, true),
      Buffer.from(value, "utf8").toString("latin1"),
      Buffer.from(value, "utf8").toString("base64"),
    ]),
  ];
}

/** Asserts that no spelling of any value shows in the journal's text nor in any of its strings. */
function assertNowhere(journal: { text: string }, values: Record<string, string>): void {
  const texts = [journal.text, ...strings(JSON.parse(journal.text))];
  for (const [name, value] of Object.entries(values)) {
    for (const spelling of spellings(value)) {
      const shown = texts.find((text) => text.includes(spelling));
      assert.equal(shown, undefined, `the journal shows ${name} as ${JSON.stringify(spelling)} in ${shown}`);
    }
  }
}

const entryAt = (entries: JournalEntry[], method: string, path: string, has: (entry: JournalEntry) => boolean) => {
  const entry = entries.find((one) => one.method === method && one.path === path && has(one));
  assert.ok(entry, `an entry for ${method} ${path}`);
  return entry;
};

test("secret fields are masked by the names the servers decode, whatever their values' types", TIMEOUT, async (t) => {
  const sandbox = await startFullSandbox(t);
  const { storefront, wallet } = sandbox.urls as Record<string, string>;
  const json = (url: string, body: string) =>
    fetch(`${url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body });
  const form = (url: string, path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body,
    });
  const secrets = {
    password: ADA.password,
    arrayPassword: "array-password-value-0123",
    objectPassword: "object-password-value-0123",
    numberPassword: "987654321987654",
  };

  // A JSON key written with an escape is the key it decodes to: the login succeeds with it.
  const escapedKey = `{"email":"${ADA.email}","pass\\u0077ord":"${ADA.password}"}`;
  assert.equal((await json(storefront!, escapedKey)).status, 200);
  for (const password of [[secrets.arrayPassword], { value: secrets.objectPassword }, Number(secrets.numberPassword)]) {
    assert.equal((await json(wallet!, JSON.stringify({ email: ADA.email, password }))).status, 400);
  }

  // The OAuth code flow, every secret parameter's name percent-encoded: the wallet reads them all.
  const verifier = randomBytes(32).toString("base64url");
  const page = (await openAuthorize(wallet!, {
    response_type: "code",
    client_id: CLIENT.id,
    redirect_uri: CLIENT.redirectUri,
    state: "st",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  })) as SignInPage;
  const fields = new URLSearchParams(page.fields);
  fields.set("email", ADA.email);
  const csrf = fields.get("csrf_token")!;
  fields.delete("csrf_token");
  const signedIn = await form(
    wallet!,
    "/oauth/authorize",
    `${fields}&csrf%5Ftoken=${encodeURIComponent(csrf)}&pass%77ord=${ADA.password}`,
  );
  assert.equal(signedIn.status, 302, "signed in");
  const code = new URL(signedIn.headers.get("location")!).searchParams.get("code")!;
  const exchanged = await form(
    wallet!,
    "/oauth/token",
    `grant_type=authorization_code&c%6Fde=${code}&code%5Fverifier=${verifier}&redirect_uri=${encodeURIComponent(CLIENT.redirectUri)}&client_id=${CLIENT.id}&client%5Fsecret=${CLIENT.secret}`,
  );
  assert.equal(exchanged.status, 200, "the code exchanged");
  const { refresh_token: refreshToken } = (await exchanged.json()) as { refresh_token: string };
  const refreshed = await form(wallet!, "/oauth/token", `grant_type=refresh_token&refresh%5Ftoken=${refreshToken}`, {
    authorization: basic(CLIENT.id, CLIENT.secret),
  });
  assert.equal(refreshed.status, 200, "the refresh token was read");
  // The same names in a query string.
  await fetch(`${storefront}/api/products?q=rice&pass%77ord=${secrets.arrayPassword}&c%6Fde=${code}`);

  const journal = await readJournal(wallet!);
  assertNowhere(journal, {
    ...secrets,
    code,
    verifier,
    csrf,
    refreshToken,
    clientSecret: CLIENT.secret,
  });

  // The rest of each request still shows.
  const { entries } = journal;
  const login = entryAt(entries, "POST", "/api/auth/login", (entry) => entry.service === "storefront");
  assert.equal(login.request.body?.text, `{"email":"${ADA.email}","pass\\u0077ord":"***"}`);
  const arrayLogin = entryAt(entries, "POST", "/api/auth/login", (entry) => entry.status === 400);
  assert.equal(arrayLogin.request.body?.text, `{"email":"${ADA.email}","password":"***"}`);
  const signIn = entryAt(entries, "POST", "/oauth/authorize", () => true);
  assert.match(signIn.request.body!.text, /^response_type=code&client_id=sandbox-agent-platform&.*&email=ada%40/);
  assert.match(signIn.request.body!.text, /&csrf%5Ftoken=\*\*\*&pass%77ord=\*\*\*$/);
  const token = entryAt(
    entries,
    "POST",
    "/oauth/token",
    (entry) => entry.request.body?.text.startsWith("grant_type=authorization_code") === true,
  );
  assert.equal(
    token.request.body?.text,
    `grant_type=authorization_code&c%6Fde=***&code%5Fverifier=***&redirect_uri=${encodeURIComponent(CLIENT.redirectUri)}&client_id=${CLIENT.id}&client%5Fsecret=***`,
  );
  const refresh = entryAt(
    entries,
    "POST",
    "/oauth/token",
    (entry) => entry.request.body?.text.startsWith("grant_type=refresh") === true,
  );
  assert.equal(refresh.request.body?.text, "grant_type=refresh_token&refresh%5Ftoken=***");
  const search = entryAt(entries, "GET", "/api/products", () => true);
  assert.equal(search.query, "q=rice&pass%77ord=***&c%6Fde=***");
});

/** Secrets of the settings with characters a URL, a form, JSON and a header each write their own way. */
const SETTINGS = {
  storefrontJwtSecret: 'störefront jwt secret € 😀 & "q" +/=%-0123456789',
  walletJwtSecret: "wället jwt secret ☃ ~!*'() <a> #x -0123456789",
  signingSecret: 'sígning secret ✓ {"x":1} \\ tab-0123456789',
  bffServiceToken: "bff+token/with&odd=chars%2Band\"quotes'-0123456789",
  controlToken: "ctl~token!*'();:@&=+$,/?#[]-0123456789",
};

test(
  "a secret of the settings is masked in every encoding, in every header, the target and the body",
  TIMEOUT,
  async (t) => {
    const sandbox = await startFullSandbox(t, SETTINGS);
    const { storefront, wallet } = sandbox.urls as Record<string, string>;
    const jwt = await loginAt(storefront!);
    const secrets = { ...SETTINGS, clientSecret: CLIENT.secret };
    const percentLower = (value: string) =>
      encodeURIComponent(value).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase());
    const formEncoded = (value: string) => new URLSearchParams({ s: value }).toString().slice(2);
    const page = (await openAuthorize(wallet!, {
      response_type: "code",
      client_id: CLIENT.id,
      redirect_uri: CLIENT.redirectUri,
      state: "st",
    })) as SignInPage;
    for (const [name, secret] of Object.entries(secrets)) {
      const note = `note-${name}`;
      // The target: a path segment and a query, percent-encoded with either case of hex, or as a form.
      await fetch(`${storefront}/api/products/${encodeURIComponent(secret)}`);
      await fetch(`${storefront}/api/products/${percentLower(secret)}?q=${formEncoded(secret)}&n=${note}`);
      await fetch(`${storefront}/api/products?q=${percentLower(secret)}&n=${note}`);
      // Headers other than Authorization: percent-encoded, base64 as HTTP Basic, raw (as UTF-8 bytes).
      await fetch(`${storefront}/api/products?n=${note}`, {
        headers: {
          "x-note": encodeURIComponent(secret),
          referer: `http://example.test/?s=${percentLower(secret)}`,
          "x-forwarded-authorization": basic(CLIENT.id, secret),
        },
      });
      const raw = await rawRequest(
        storefront!,
        requestText("GET", `/api/products?n=${note}`, [`X-Note: ${secret}`, `X-Other: a ${secret} b`]),
      );
      assert.match(raw, /^HTTP\/1\.1 \d{3} /, "the server read the request");
      // Bodies: JSON escaped (every character, or only what JSON must), a form, a page that echoes it.
      for (const productId of [
        jsonEscaped(secret, false),
        jsonEscaped(secret, true),
        JSON.stringify(secret).slice(1, -1),
      ]) {
        const added = await fetch(`${storefront}/api/cart/items?n=${note}`, {
          method: "POST",
          headers: { authorization: `Bearer ${jwt}`, "content-type": "application/json" },
          body: `{"product_id":"${productId}","quantity":1}`,
        });
        assert.equal(added.status, 404);
      }
      const tokenRequest = await fetch(`${wallet}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `grant_type=client_credentials&client_id=${formEncoded(secret)}&scope=${percentLower(secret)}&n=${note}`,
      });
      assert.equal(tokenRequest.status, 401);
      const signIn = new URLSearchParams(page.fields);
      signIn.set("email", secret);
      signIn.set("password", note);
      const signedIn = await fetch(`${wallet}/oauth/authorize`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: signIn,
      });
      assert.equal(signedIn.status, 200, "the page again, the email in it");
    }

    const journal = await readJournal(wallet!);
    const asBasic = Object.entries(secrets).map(([name, secret]) => [`${name} in Basic`, `${CLIENT.id}:${secret}`]);
    assertNowhere(journal, { ...secrets, ...Object.fromEntries(asBasic) });

    // The rest of each request still shows.
    const { entries } = journal;
    const withNote = (entry: JournalEntry) => entry.query.includes("n=note-bffServiceToken");
    const headers = entryAt(
      entries,
      "GET",
      "/api/products",
      (entry) => withNote(entry) && entry.request.headers["x-forwarded-authorization"] !== undefined,
    );
    assert.equal(headers.request.headers["x-note"], "***");
    assert.equal(headers.request.headers.referer, "http://example.test/?s=***");
    assert.equal(headers.request.headers["x-forwarded-authorization"], "Basic ***");
    const raw = entryAt(
      entries,
      "GET",
      "/api/products",
      (entry) => withNote(entry) && "x-other" in entry.request.headers,
    );
    assert.equal(raw.request.headers["x-other"], "a *** b");
    const search = entryAt(entries, "GET", "/api/products", (entry) => withNote(entry) && entry.query.startsWith("q="));
    assert.equal(search.query, "q=***&n=note-bffServiceToken");
    const added = entryAt(entries, "POST", "/api/cart/items", () => true);
    assert.equal(added.request.body?.text, '{"product_id":"***","quantity":1}');
    const token = entryAt(
      entries,
      "POST",
      "/oauth/token",
      (entry) => entry.request.body?.text.endsWith("note-walletJwtSecret") === true,
    );
    assert.equal(
      token.request.body?.text,
      "grant_type=client_credentials&client_id=***&scope=***&n=note-walletJwtSecret",
    );
    const echoed = entryAt(entries, "POST", "/oauth/authorize", () => true);
    assert.match(echoed.response.body!.text, /value="\*\*\*"/);
  },
);
