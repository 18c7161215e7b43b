import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeJwt, SignJWT, UnsecuredJWT } from "jose";
import {
  type IdentityCheck,
  IdentityError,
  type InvalidCode,
  signIdentity,
  verifyIdentity,
} from "../../src/identity/index.ts";
import { loadDemoUsers } from "../../src/users.ts";
import { ADA, DEV_SIGNING_SECRET, DEV_STOREFRONT_SECRET, DEV_WALLET_SECRET } from "../helpers/sandbox.ts";

const users = await loadDemoUsers();
const SECRET = DEV_SIGNING_SECRET;
const OTHER_SECRET = "another-host-backend-secret-of-at-least-32-bytes";
const key = (secret: string) => new TextEncoder().encode(secret);
const now = () => Math.floor(Date.now() / 1000);

function verify(token: string, secret = SECRET): Promise<IdentityCheck> {
  return verifyIdentity(token, { secret, users });
}

function assertInvalid(check: IdentityCheck, code: InvalidCode, reason: RegExp): void {
  assert.equal(check.valid, false, `expected ${code}, got a valid token`);
  if (check.valid) return;
  assert.equal(check.code, code, check.reason);
  assert.match(check.reason, reason);
}

/** A token made with jose directly, as another signer (or an attacker) would. */
function forge(claims: Record<string, unknown>, secret = SECRET, alg = "HS256"): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg }).sign(key(secret));
}

test("a signed token verifies, with its user and claims", async () => {
  const { token, claims } = await signIdentity({ secret: SECRET, subject: ADA.id });
  const check = await verify(token);
  assert.ok(check.valid, JSON.stringify(check));
  assert.equal(check.user.name, "Ada Okafor");
  assert.deepEqual(check.claims, claims);
  assert.equal(claims.sub, ADA.id);
  assert.equal(claims.iss, "sandbox-host");
  assert.equal(claims.exp - claims.iat, 600, "10 minutes by default");
  assert.ok(Math.abs(claims.iat - now()) <= 2);
});

test("the header says HS256 and JWT", async () => {
  const { token } = await signIdentity({ secret: SECRET, subject: ADA.id });
  const header = JSON.parse(Buffer.from(token.split(".")[0] as string, "base64url").toString("utf8")) as unknown;
  assert.deepEqual(header, { alg: "HS256", typ: "JWT" });
});

test("the TTL and the time of signing are the caller's", async () => {
  const at = new Date("2030-01-01T00:00:00Z");
  const { claims } = await signIdentity({ secret: SECRET, subject: ADA.id, ttlSeconds: 90, now: at });
  assert.equal(claims.iat, at.getTime() / 1000);
  assert.equal(claims.exp, claims.iat + 90);
  await assert.rejects(signIdentity({ secret: SECRET, subject: ADA.id, ttlSeconds: 0 }), IdentityError);
  await assert.rejects(signIdentity({ secret: SECRET, subject: ADA.id, ttlSeconds: 1.5 }), IdentityError);
});

test("extra claims are kept, in the token and after verification", async () => {
  const extra = { plan: "pro", beta: true, seats: 3, org: { id: "o1" } };
  const { token, claims } = await signIdentity({ secret: SECRET, subject: ADA.id, claims: extra });
  assert.deepEqual(decodeJwt(token), claims);
  const check = await verify(token);
  assert.ok(check.valid);
  assert.deepEqual(
    { plan: check.claims.plan, beta: check.claims.beta, seats: check.claims.seats, org: check.claims.org },
    extra,
  );
});

test("extra claims never override sub, iat, exp or iss", async (t) => {
  for (const claim of ["sub", "iat", "exp", "iss"]) {
    await t.test(claim, async () => {
      await assert.rejects(
        signIdentity({ secret: SECRET, subject: ADA.id, claims: { [claim]: "x", plan: "pro" } }),
        (error: Error) => {
          assert.ok(error instanceof IdentityError);
          assert.match(error.message, new RegExp(`"${claim}" cannot be set`));
          return true;
        },
      );
    });
  }
});

test("refused tokens say why", async (t) => {
  const valid = (await signIdentity({ secret: SECRET, subject: ADA.id })).token;
  const [header, payload, signature] = valid.split(".") as [string, string, string];
  const cases: { name: string; token: () => Promise<string> | string; code: InvalidCode; reason: RegExp }[] = [
    {
      name: "a tampered payload",
      token: () =>
        `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(valid), sub: "5d2e8c14-9b7a-4e3f-8c61-2a9d4b7e0f53" })).toString("base64url")}.${signature}`,
      code: "bad_signature",
      reason: /^bad signature: .*another secret/,
    },
    {
      name: "a tampered signature",
      token: () => `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
      code: "bad_signature",
      reason: /^bad signature/,
    },
    {
      name: "signed with another secret",
      token: async () => (await signIdentity({ secret: OTHER_SECRET, subject: ADA.id })).token,
      code: "bad_signature",
      reason: /SIGNING_SECRET/,
    },
    {
      name: "expired (exp in the past, signed with jose)",
      token: () => forge({ sub: ADA.id, iss: "sandbox-host", iat: now() - 900, exp: now() - 300 }),
      code: "expired",
      reason: /^expired at \d{4}-\d\d-\d\dT[\d:.]+Z \(5m( \d+s)? ago\)$/,
    },
    {
      name: "alg none (an unsecured JWT)",
      token: () =>
        new UnsecuredJWT({ sub: ADA.id }).setIssuer("sandbox-host").setIssuedAt().setExpirationTime("10m").encode(),
      code: "wrong_algorithm",
      reason: /^wrong algorithm: "none" \(an unsigned token\), expected HS256$/,
    },
    {
      name: "HS512",
      token: () => forge({ sub: ADA.id, iss: "sandbox-host", exp: now() + 60 }, SECRET, "HS512"),
      code: "wrong_algorithm",
      reason: /^wrong algorithm: "HS512", expected HS256$/,
    },
    {
      name: "a storefront login token (storefront secret)",
      token: () =>
        forge({ sub: ADA.id, iss: "sandbox-storefront", iat: now(), exp: now() + 60 }, DEV_STOREFRONT_SECRET),
      code: "wrong_issuer",
      reason: /^wrong issuer: "sandbox-storefront" \(a storefront login token\), expected "sandbox-host"/,
    },
    {
      name: "a wallet token (wallet secret)",
      token: () => forge({ sub: ADA.id, iss: "sandbox-wallet", iat: now(), exp: now() + 60 }, DEV_WALLET_SECRET),
      code: "wrong_issuer",
      reason: /^wrong issuer: "sandbox-wallet" \(a wallet token\)/,
    },
    {
      name: "a wallet iss, signed with the signing secret",
      token: () => forge({ sub: ADA.id, iss: "sandbox-wallet", exp: now() + 60 }),
      code: "wrong_issuer",
      reason: /^wrong issuer: "sandbox-wallet"/,
    },
    {
      name: "no iss, signed with the wallet's secret",
      token: () => forge({ sub: ADA.id, exp: now() + 60 }, DEV_WALLET_SECRET),
      code: "bad_signature",
      reason: /^bad signature/,
    },
    {
      name: "an iat more than 60 s ahead",
      token: () => forge({ sub: ADA.id, iat: now() + 120, exp: now() + 600 }),
      code: "issued_in_future",
      reason: /^issued in the future: iat is \d{4}-.*more than 60s after now/,
    },
    {
      name: "an iat that is not a number",
      token: () => forge({ sub: ADA.id, iat: "yesterday", exp: now() + 600 }),
      code: "malformed",
      reason: /^malformed: "iat"/,
    },
    {
      name: "no sub",
      token: () => forge({ iss: "sandbox-host", exp: now() + 60 }),
      code: "missing_claim",
      reason: /^missing claim: "sub" \(the user id\)$/,
    },
    {
      name: "no exp",
      token: () => forge({ sub: ADA.id, iss: "sandbox-host" }),
      code: "missing_claim",
      reason: /^missing claim: "exp"/,
    },
    {
      name: "a sub that is not a demo user",
      token: async () =>
        (await signIdentity({ secret: SECRET, subject: "00000000-0000-4000-8000-000000000000" })).token,
      code: "unknown_user",
      reason: /^unknown user: sub "00000000-0000-4000-8000-000000000000" is not one of the demo users/,
    },
    {
      name: "a sub that is not a string",
      token: () => forge({ sub: 42, iss: "sandbox-host", exp: now() + 60 }),
      code: "malformed",
      reason: /"sub" must be a string/,
    },
    {
      name: "not valid before a future nbf",
      token: () => forge({ sub: ADA.id, iss: "sandbox-host", nbf: now() + 600, exp: now() + 900 }),
      code: "not_yet_valid",
      reason: /^not valid yet: nbf is /,
    },
    { name: "not a JWT", token: () => "hello", code: "malformed", reason: /^malformed: not a signed JWT/ },
    { name: "an empty string", token: () => "", code: "malformed", reason: /^malformed/ },
    {
      name: "a header that is not JSON",
      token: () => `bm90IGpzb24.${payload}.${signature}`,
      code: "malformed",
      reason: /^malformed/,
    },
  ];
  for (const { name, token, code, reason } of cases) {
    await t.test(name, async () => assertInvalid(await verify(await token()), code, reason));
  }
});

test("a token as the wallet spec defines it (sub and a short exp, no iss) verifies; iss, when present, must be sandbox-host", async () => {
  const exp = now() + 300;
  const minimal = await verify(await forge({ sub: ADA.id, exp }));
  assert.ok(minimal.valid, JSON.stringify(minimal));
  assert.deepEqual(minimal.claims, { sub: ADA.id, exp });
  assertInvalid(
    await verify(await forge({ sub: ADA.id, iss: "my-host", exp: now() + 300 })),
    "wrong_issuer",
    /^wrong issuer: "my-host", expected "sandbox-host" or none/,
  );
});

test("an iat up to 60 s ahead is accepted (clocks differ a little), checked against the time given", async () => {
  assert.ok((await verify(await forge({ sub: ADA.id, iat: now() + 30, exp: now() + 600 }))).valid);
  const at = new Date("2030-01-01T00:00:00Z");
  const { token } = await signIdentity({ secret: SECRET, subject: ADA.id, now: at });
  assert.ok((await verifyIdentity(token, { secret: SECRET, users, now: new Date(at.getTime() - 60_000) })).valid);
  assertInvalid(
    await verifyIdentity(token, { secret: SECRET, users, now: new Date(at.getTime() - 61_000) }),
    "issued_in_future",
    /^issued in the future: iat is 2030-01-01T00:00:00\.000Z/,
  );
});

test("a token is checked against the secret it is given", async () => {
  const { token } = await signIdentity({ secret: OTHER_SECRET, subject: ADA.id });
  assert.ok((await verify(token, OTHER_SECRET)).valid);
  assertInvalid(await verify(token, SECRET), "bad_signature", /^bad signature/);
});

test("expiry is checked against the time given", async () => {
  const at = new Date("2030-01-01T00:00:00Z");
  const { token } = await signIdentity({ secret: SECRET, subject: ADA.id, ttlSeconds: 60, now: at });
  assert.ok((await verifyIdentity(token, { secret: SECRET, users, now: new Date(at.getTime() + 59_000) })).valid);
  const late = await verifyIdentity(token, { secret: SECRET, users, now: new Date(at.getTime() + 3_600_000) });
  assertInvalid(late, "expired", /^expired at 2030-01-01T00:01:00\.000Z \(59m ago\)$/);
});

test("a token that lives longer than the limit is refused, counted from iat or, without one, from now", async (t) => {
  const LIMIT =
    /more than the 1d an identity token may live \(identityMaxLifetime: --identity-max-lifetime, IDENTITY_MAX_LIFETIME\)$/;
  await t.test("ten years from iat: refused by default, naming the limit", async () => {
    const token = await forge({ sub: ADA.id, iat: now(), exp: now() + 10 * 365 * 86_400 });
    assertInvalid(await verify(token), "lifetime_too_long", /^lifetime too long: exp is 3650d after iat, /);
    assertInvalid(await verify(token), "lifetime_too_long", LIMIT);
  });
  await t.test("without iat, exp is counted from now", async () => {
    const at = new Date("2030-01-01T00:00:00Z");
    const check = async (lifetime: number) =>
      verifyIdentity(await forge({ sub: ADA.id, exp: at.getTime() / 1000 + lifetime }), {
        secret: SECRET,
        users,
        now: at,
      });
    assertInvalid(
      await check(2 * 86_400),
      "lifetime_too_long",
      /^lifetime too long: exp is 2d after now \(no iat\), more than the 1d/,
    );
    assert.ok((await check(86_400)).valid);
  });
  await t.test(
    "a day exactly is accepted; a second more is refused, in seconds where the spans look alike",
    async () => {
      const iat = now();
      assert.ok((await verify(await forge({ sub: ADA.id, iat, exp: iat + 86_400 }))).valid);
      assertInvalid(
        await verify(await forge({ sub: ADA.id, iat, exp: iat + 86_401 })),
        "lifetime_too_long",
        /^lifetime too long: exp is 86401s after iat, more than the 86400s /,
      );
    },
  );
  await t.test("the limit is the verifier's", async () => {
    const { token } = await signIdentity({ secret: SECRET, subject: ADA.id, ttlSeconds: 3600 });
    assert.ok((await verify(token)).valid);
    const strict = await verifyIdentity(token, { secret: SECRET, users, maxLifetimeSeconds: 900 });
    assertInvalid(strict, "lifetime_too_long", /^lifetime too long: exp is 1h after iat, more than the 15m /);
  });
  await t.test("an expired token is reported as expired, whatever its lifetime", async () => {
    const iat = now() - 20 * 86_400;
    assertInvalid(await verify(await forge({ sub: ADA.id, iat, exp: iat + 10 * 86_400 })), "expired", /^expired at/);
  });
});

test("the signer keeps to the same limit: a longer TTL is refused, the default shortened to it", async () => {
  await assert.rejects(
    signIdentity({ secret: SECRET, subject: ADA.id, ttlSeconds: 2 * 86_400 }),
    (error: Error) =>
      error instanceof IdentityError &&
      error.message ===
        "An identity token may live at most 1d (identityMaxLifetime: --identity-max-lifetime, IDENTITY_MAX_LIFETIME); got 2d.",
  );
  const { claims } = await signIdentity({ secret: SECRET, subject: ADA.id, maxLifetimeSeconds: 300 });
  assert.equal(claims.exp - claims.iat, 300, "the 10-minute default, cut to a 5-minute limit");
});
