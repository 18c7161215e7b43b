import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { test } from "node:test";
import { signIdentity } from "../../src/identity/index.ts";
import { asAgent, loginAt, sessionRequest, startFullSandbox } from "../helpers/agent.ts";
import { runInProcess } from "../helpers/in-process.ts";
import { basic, CLIENT, openAuthorize, type SignInPage, submitSignIn, tokenRequest } from "../helpers/oauth.ts";
import { ADA, tempDir } from "../helpers/sandbox.ts";
import { openRawStream } from "../helpers/sse.ts";

/** Secrets of this sandbox's own, with the characters URLs, forms and JSON spell otherwise. */
const SECRETS = {
  storefrontJwtSecret: "journal-test-storefront-jwt-secret-0123456789",
  walletJwtSecret: "journal-test-wallet+jwt/secret&with=odd?chars-0123456789",
  bffServiceToken: "journal-test-bff-service-token-abcdefghijklmnop",
  signingSecret: 'journal-test-signing secret "quoted" \\ 0123456789',
};
const BODY_LIMIT = 16 * 1024;

test("no secret and no issued token shows anywhere in the journal, its stream or the CLI's output", {
  timeout: 90_000,
}, async (t) => {
  const dataDir = await tempDir(t);
  const sandbox = await startFullSandbox(t, SECRETS, dataDir);
  const { storefront, wallet, host } = sandbox.urls as Record<string, string>;
  const issued: Record<string, string> = { password: ADA.password };

  // Logins, sessions, and the agent with its service token on both BFFs.
  issued.storefrontJwt = await loginAt(storefront!);
  issued.walletJwt = await loginAt(wallet!);
  await sessionRequest(storefront!, "POST", { userId: ADA.id, token: issued.storefrontJwt });
  await sessionRequest(host!, "POST", { userId: ADA.id, token: issued.walletJwt });
  const agent = { serviceToken: SECRETS.bffServiceToken };
  assert.equal((await asAgent(storefront!, "/api/agent/orders", ADA.id, agent)).status, 200);
  assert.equal((await asAgent(host!, "/api/agent/wallet?period=30d", ADA.id, agent)).status, 200);
  const cartAdd = {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ product_id: "ofada-rice-5kg", quantity: 1 }),
    ...agent,
  };
  assert.equal((await asAgent(storefront!, "/api/agent/cart/items", ADA.id, cartAdd)).status, 200);
  const stream = await openRawStream(`${storefront}/api/cart/stream?access_token=${issued.storefrontJwt}`);
  await stream.until((messages) => messages.some((message) => message.event === "cart"));
  stream.close();

  // The OAuth code flow with PKCE and client_secret_post, then a refresh with HTTP Basic.
  issued.verifier = randomBytes(32).toString("base64url");
  const page = (await openAuthorize(wallet!, {
    response_type: "code",
    client_id: CLIENT.id,
    redirect_uri: CLIENT.redirectUri,
    state: "st",
    code_challenge: createHash("sha256").update(issued.verifier).digest("base64url"),
    code_challenge_method: "S256",
  })) as SignInPage;
  issued.csrf = page.fields.get("csrf_token")!;
  const signedIn = await submitSignIn(wallet!, page);
  issued.code = new URL(signedIn.headers.get("location")!).searchParams.get("code")!;
  const exchanged = await tokenRequest(wallet!, {
    grant_type: "authorization_code",
    code: issued.code,
    code_verifier: issued.verifier,
    redirect_uri: CLIENT.redirectUri,
    client_id: CLIENT.id,
    client_secret: CLIENT.secret,
  });
  const first = (await exchanged.json()) as { access_token: string; refresh_token: string };
  Object.assign(issued, { accessToken: first.access_token, refreshToken: first.refresh_token });
  const refreshed = (await (
    await tokenRequest(
      wallet!,
      { grant_type: "refresh_token", refresh_token: first.refresh_token },
      { authorization: basic(CLIENT.id, CLIENT.secret) },
    )
  ).json()) as { access_token: string; refresh_token: string };
  Object.assign(issued, { accessToken2: refreshed.access_token, refreshToken2: refreshed.refresh_token });
  assert.ok(issued.accessToken2 && issued.refreshToken2, "the refresh worked");

  // An API key, in the header and the query parameter clients send one in.
  issued.apiKey = "client-api-key-0123456789abcdef";
  issued.apiKey2 = "client-api-key-fedcba9876543210";
  await fetch(`${storefront}/api/products?api_key=${issued.apiKey2}`, { headers: { "x-api-key": issued.apiKey } });

  // Secrets where no field name gives them away: a search, a header, a JSON body, an embed URL.
  await fetch(`${storefront}/api/products?${new URLSearchParams({ q: SECRETS.walletJwtSecret })}`, {
    headers: { "x-note": SECRETS.storefrontJwtSecret },
  });
  const cart = (body: string) =>
    fetch(`${storefront}/api/cart/items`, {
      method: "POST",
      headers: { authorization: `Bearer ${issued.storefrontJwt}`, "content-type": "application/json" },
      body,
    });
  await cart(JSON.stringify({ product_id: SECRETS.signingSecret, note: SECRETS.storefrontJwtSecret }));
  issued.identity = (await signIdentity({ secret: SECRETS.signingSecret, subject: ADA.id })).token;
  await fetch(`${host}/embed?mode=drawer&identity=${issued.identity}`);
  // A body cut at 16 KiB in the middle of a secret.
  const opening = '{"note":"';
  await cart(`${opening}${"a".repeat(BODY_LIMIT - opening.length - 20)}${SECRETS.bffServiceToken}"}`);

  const outputs: Record<string, string> = {
    "GET /__sandbox/journal": await (await fetch(`${host}/__sandbox/journal`)).text(),
  };
  const follower = await openRawStream(`${wallet}/__sandbox/journal/stream?after=0`);
  outputs["GET /__sandbox/journal/stream"] = (
    await follower.until((messages) => messages.some((message) => message.event === "journal"))
  )[0]!.data!;
  follower.close();
  for (const args of [
    ["journal"],
    ["journal", "--json"],
    ["expect", "--service", "wallet", "--method", "GET", "--path", "/nowhere"],
    ["expect", "--service", "storefront", "--method", "GET", "--path", "/nowhere", "--json"],
  ]) {
    const run = await runInProcess([...args, "--data-dir", dataDir]);
    outputs[`sandbox ${args.join(" ")}`] = run.stdout + run.stderr;
  }

  const journal = outputs["GET /__sandbox/journal"]!;
  const entries = (JSON.parse(journal) as { entries: unknown[] }).entries;
  assert.ok(entries.length >= 18, `${entries.length} entries`);
  const wanted = { ...SECRETS, clientSecret: CLIENT.secret, ...issued };
  for (const [where, text] of Object.entries(outputs)) {
    for (const [name, value] of Object.entries(wanted)) {
      for (const spelling of new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)])) {
        assert.ok(!text.includes(spelling), `${where} shows ${name} (${spelling})`);
      }
    }
    assert.ok(
      !text.includes(SECRETS.bffServiceToken.slice(0, 20)),
      `${where} shows the start of the service token, cut at 16 KiB`,
    );
  }

  // What is masked still says what it was.
  for (const masked of [
    '\\"password\\":\\"***\\"',
    '\\"token\\":\\"***\\"',
    "Bearer ***",
    "Basic ***",
    "access_token=***",
    "code=***",
    "code_verifier=***",
    "client_secret=***",
    "refresh_token=***",
    "identity=***",
    '\\"access_token\\":\\"***\\"',
    '\\"refresh_token\\":\\"***\\"',
  ]) {
    assert.ok(journal.includes(masked), `the journal shows ${masked}`);
  }
  assert.match(journal, /"agent":true/);
});
