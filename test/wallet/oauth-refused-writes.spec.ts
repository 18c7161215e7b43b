import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { test } from "node:test";
import { type FileIO, nodeFileIO } from "../../src/store/file-io.ts";
import { authorize, basic, CLIENT, tokenRequest } from "../helpers/oauth.ts";
import { startTestSandbox } from "../helpers/sandbox.ts";

const VERIFIER = randomBytes(32).toString("base64url");
const CHALLENGE = createHash("sha256").update(VERIFIER).digest("base64url");
const AUTH = { authorization: basic(CLIENT.id, CLIENT.secret) };

/** A data dir whose disk fills up and frees again on demand. */
function fillableDisk(): { io: FileIO; full: boolean } {
  const disk = {
    full: false,
    io: {
      readText: nodeFileIO.readText,
      writeAtomic: (path: string, text: string) =>
        disk.full
          ? Promise.reject(Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" }))
          : nodeFileIO.writeAtomic(path, text),
    },
  };
  return disk;
}

async function expectUnavailable(response: Response): Promise<void> {
  assert.equal(response.status, 503);
  assert.equal(response.headers.get("cache-control"), "no-store");
  const body = (await response.json()) as Record<string, unknown>;
  assert.deepEqual(Object.keys(body).sort(), ["error", "error_description"], "RFC 6749's error shape");
  assert.equal(body.error, "temporarily_unavailable");
  assert.match(String(body.error_description), /ENOSPC/);
}

test("POST /oauth/token on a full disk: 503 in OAuth's shape, and nothing is spent", async (t) => {
  const disk = fillableDisk();
  const wallet = await startTestSandbox(t, { service: "wallet", start: { io: disk.io, logError: () => {} } });
  const newCode = async () =>
    (
      await authorize(wallet.url, {
        response_type: "code",
        client_id: CLIENT.id,
        redirect_uri: CLIENT.redirectUri,
        code_challenge: CHALLENGE,
        code_challenge_method: "S256",
      })
    ).searchParams.get("code")!;
  const exchange = (code: string) =>
    tokenRequest(
      wallet.url,
      { grant_type: "authorization_code", code, redirect_uri: CLIENT.redirectUri, code_verifier: VERIFIER },
      AUTH,
    );
  const refresh = (token: string) =>
    tokenRequest(wallet.url, { grant_type: "refresh_token", refresh_token: token }, AUTH);
  t.afterEach(() => {
    disk.full = false;
  });

  await t.test("a refused code exchange leaves the code working; once used, it stays single-use", async () => {
    const code = await newCode();
    disk.full = true;
    await expectUnavailable(await exchange(code));
    disk.full = false;
    const tokens = await exchange(code);
    assert.equal(tokens.status, 200, await tokens.clone().text());
    const { refresh_token } = (await tokens.json()) as { refresh_token: string };
    assert.equal((await refresh(refresh_token)).status, 200, "the refresh token issued after the refusal works");
    const again = await exchange(code);
    assert.equal(again.status, 400);
    assert.equal(((await again.json()) as { error: string }).error, "invalid_grant");
  });

  await t.test("parallel redemptions of one code: none wins on a full disk, exactly one after", async () => {
    const code = await newCode();
    disk.full = true;
    const refused = await Promise.all(Array.from({ length: 10 }, () => exchange(code)));
    assert.ok(
      refused.every((response) => response.status === 503 || response.status === 400),
      refused.map((response) => response.status).join(),
    );
    await Promise.all(refused.filter((response) => response.status === 503).map(expectUnavailable));
    disk.full = false;
    const responses = await Promise.all(Array.from({ length: 10 }, () => exchange(code)));
    assert.deepEqual(responses.map((response) => response.status).sort(), [200, ...Array(9).fill(400)]);
  });

  await t.test("a refused refresh leaves the refresh token working", async () => {
    const { refresh_token } = (await (await exchange(await newCode())).json()) as { refresh_token: string };
    disk.full = true;
    await expectUnavailable(await refresh(refresh_token));
    disk.full = false;
    assert.equal((await refresh(refresh_token)).status, 200);
  });
});
