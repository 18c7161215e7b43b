import type { errors as JoseErrors, JWTPayload } from "jose";
import { HS256, hs256Key, IAT_LEEWAY_SECONDS, verifyHs256 } from "../hs256.ts";
import { jose } from "../jose.ts";
import { ISSUERS } from "../jwt-issuers.ts";
import type { DemoUser } from "../users.ts";
import { DEFAULT_IDENTITY_MAX_LIFETIME_SECONDS, IDENTITY_ISSUER, type IdentityClaims } from "./claims.ts";
import { formatSpan, isoTime } from "./time-span.ts";

/** Why a token is refused; stable, for scripts and tests. */
export type InvalidCode =
  | "expired"
  | "not_yet_valid"
  | "issued_in_future"
  | "bad_signature"
  | "malformed"
  | "wrong_algorithm"
  | "missing_claim"
  | "wrong_issuer"
  | "lifetime_too_long"
  | "unknown_user";

export type IdentityCheck =
  | { valid: true; claims: IdentityClaims; user: DemoUser }
  | { valid: false; code: InvalidCode; reason: string };

export interface VerifyIdentityOptions {
  /** The SIGNING_SECRET (config.signingSecret). */
  secret: string;
  /** Who `sub` may be: the demo users. */
  users: readonly DemoUser[];
  /** The time to check `exp` against; default now. */
  now?: Date;
  /** The longest lifetime accepted, exp - iat (exp - now without iat), in seconds: the identityMaxLifetime setting; default a day. */
  maxLifetimeSeconds?: number;
}

/** Tokens of the sandbox's other services, named when one is passed where an identity token belongs. */
const OTHER_ISSUERS: Record<string, string> = {
  [ISSUERS.storefront]: "a storefront login token",
  [ISSUERS.wallet]: "a wallet token",
};

/**
 * Checks an embed identity token: HS256 only (so `none` and other algorithms are refused), signed
 * with the SIGNING_SECRET, exp not passed, iat not in the future, a lifetime no longer than the
 * limit, and sub one of the demo users.
 * `iss` is optional, as the wallet spec's tokens carry only `sub` and `exp`; when present it
 * must be sandbox-host, so that a token meant for something else is not taken for one.
 */
export async function verifyIdentity(token: string, options: VerifyIdentityOptions): Promise<IdentityCheck> {
  const now = options.now ?? new Date();
  let payload: JWTPayload;
  try {
    ({ payload } = await verifyHs256(token, hs256Key(options.secret), {
      requiredClaims: ["exp", "sub"],
      currentDate: now,
    }));
  } catch (error) {
    return explainFailure(error, token, now);
  }
  if (payload.iss !== undefined && payload.iss !== IDENTITY_ISSUER) return wrongIssuer(payload.iss);
  const tooLong = overLifetime(payload as { exp: number; iat?: number }, now, options.maxLifetimeSeconds);
  if (tooLong) return tooLong;
  if (typeof payload.sub !== "string")
    return invalid("malformed", `malformed: "sub" must be a string; got ${JSON.stringify(payload.sub)}`);
  if (payload.sub === "") return invalid("missing_claim", 'missing claim: "sub" (the user id) is empty');
  const user = options.users.find((candidate) => candidate.id === payload.sub);
  if (!user)
    return invalid(
      "unknown_user",
      `unknown user: sub "${payload.sub}" is not one of the demo users (npx sandbox users lists them)`,
    );
  return { valid: true, claims: payload as IdentityClaims, user };
}

function invalid(code: InvalidCode, reason: string): IdentityCheck {
  return { valid: false, code, reason };
}

function explainFailure(error: unknown, token: string, now: Date): IdentityCheck {
  if (error instanceof jose().errors.JWTExpired) {
    const exp = Number(error.payload.exp);
    return invalid("expired", `expired at ${isoTime(exp)} (${formatSpan(now.getTime() / 1000 - exp)} ago)`);
  }
  if (error instanceof jose().errors.JOSEAlgNotAllowed) return wrongAlgorithm(token);
  if (error instanceof jose().errors.JWSSignatureVerificationFailed) return badSignature(token);
  if (error instanceof jose().errors.JWTClaimValidationFailed) return claimFailure(error);
  if (error instanceof jose().errors.JOSEError) return invalid("malformed", `malformed: ${describeMalformed(error)}`);
  throw error;
}

/**
 * A lifetime past the limit, counted from iat, or from now for a token without one (the spec's
 * tokens need only sub and exp): such a token is refused, however valid otherwise.
 */
function overLifetime(
  { exp, iat }: { exp: number; iat?: number },
  now: Date,
  max = DEFAULT_IDENTITY_MAX_LIFETIME_SECONDS,
): IdentityCheck | undefined {
  const lifetime = exp - (iat ?? Math.floor(now.getTime() / 1000)); // whole seconds, as jose reads now
  if (lifetime <= max) return undefined;
  // Spans are rounded to two units: when that makes them look alike, the seconds say which is longer.
  const [given, limit] =
    formatSpan(lifetime) === formatSpan(max)
      ? [`${Math.ceil(lifetime)}s`, `${max}s`]
      : [formatSpan(lifetime), formatSpan(max)];
  return invalid(
    "lifetime_too_long",
    `lifetime too long: exp is ${given} after ${iat === undefined ? "now (no iat)" : "iat"}, more than the ${limit} an identity token may live (identityMaxLifetime: --identity-max-lifetime, IDENTITY_MAX_LIFETIME)`,
  );
}

function wrongAlgorithm(token: string): IdentityCheck {
  const alg = safely(() => jose().decodeProtectedHeader(token).alg);
  const unsigned = typeof alg === "string" && alg.toLowerCase() === "none" ? " (an unsigned token)" : "";
  return invalid("wrong_algorithm", `wrong algorithm: ${JSON.stringify(alg ?? null)}${unsigned}, expected ${HS256}`);
}

/** A signature that does not match: if the (unverified) payload names another issuer, that is the likelier story. */
function badSignature(token: string): IdentityCheck {
  const iss = safely(() => jose().decodeJwt(token).iss);
  if (iss !== undefined && iss !== IDENTITY_ISSUER) return wrongIssuer(iss);
  return invalid(
    "bad_signature",
    "bad signature: the token was signed with another secret than this sandbox's SIGNING_SECRET",
  );
}

function claimFailure(error: JoseErrors.JWTClaimValidationFailed): IdentityCheck {
  const { claim, reason } = error;
  if (reason === "missing")
    return invalid(
      "missing_claim",
      `missing claim: "${claim}" ${claim === "sub" ? "(the user id)" : "(identity tokens must expire)"}`,
    );
  if (claim === "nbf" && reason === "check_failed")
    return invalid("not_yet_valid", `not valid yet: nbf is ${isoTime(Number(error.payload.nbf))}`);
  if (claim === "iat" && reason === "check_failed") {
    return invalid(
      "issued_in_future",
      `issued in the future: iat is ${isoTime(Number(error.payload.iat))}, more than ${IAT_LEEWAY_SECONDS}s after now (is the signer's clock right?)`,
    );
  }
  return invalid(
    "malformed",
    `malformed: "${claim}" ${reason === "invalid" ? "is not a valid value" : "failed its check"}`,
  );
}

function wrongIssuer(iss: unknown): IdentityCheck {
  const expected = `expected "${IDENTITY_ISSUER}" or none (identity tokens are signed by the host backend with SIGNING_SECRET)`;
  const known = typeof iss === "string" ? OTHER_ISSUERS[iss] : undefined;
  return invalid("wrong_issuer", `wrong issuer: ${JSON.stringify(iss)}${known ? ` (${known})` : ""}, ${expected}`);
}

function describeMalformed(error: JoseErrors.JOSEError): string {
  if (error instanceof jose().errors.JWSInvalid)
    return "not a signed JWT (expected header.payload.signature, each base64url)";
  if (error instanceof jose().errors.JWTInvalid) return "the payload is not a JSON object of claims";
  return error.message;
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
