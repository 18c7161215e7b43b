import { randomUUID } from "node:crypto";
import type { JWTPayload } from "jose";
import type { Clock } from "../clock.ts";
import { AUTH_TEXTS } from "../contracts/auth-errors.ts";
import { fillText } from "../errors.ts";
import { hs256Key, signHs256, verifyHs256 } from "../hs256.ts";
import { jose } from "../jose.ts";

export interface JwtIssuerOptions {
  /** HMAC secret, at least 32 bytes (checked by the config). */
  secret: string;
  /** The `iss` claim, naming the service. */
  issuer: string;
  /** Lifetime of the tokens it signs (whole seconds in the token, at least one). */
  ttlMs: number;
  clock: Clock;
}

export type VerifyResult =
  | { ok: true; userId: string; expiresAt: number; payload: JWTPayload }
  | { ok: false; reason: "expired" | "invalid"; message: string };

export interface JwtIssuer {
  readonly issuer: string;
  /** The lifetime of the tokens it signs, as OAuth's `expires_in` states it. */
  readonly ttlSeconds: number;
  sign(userId: string, extraClaims?: Record<string, unknown>): Promise<string>;
  verify(token: string): Promise<VerifyResult>;
}

const EXPIRED = AUTH_TEXTS.expired.text;

/** How many verified tokens are remembered (oldest forgotten first). */
const VERIFIED_CACHE_SIZE = 1000;

/**
 * Signs and verifies one service's HS256 tokens, each with its own `jti`. Verification pins the
 * algorithm (so `none` or another key type is refused), and requires `exp`, `sub` and this service's `iss`.
 * A token that verified once is remembered, since its signature cannot change: a repeat only
 * has its expiry checked again (jose's WebCrypto verify costs ~100 µs, most of a request).
 */
export function createJwtIssuer(options: JwtIssuerOptions): JwtIssuer {
  const key = hs256Key(options.secret);
  const ttlSeconds = Math.max(1, Math.round(options.ttlMs / 1000));
  const verified = new Map<string, Extract<VerifyResult, { ok: true }>>();
  // A token checked by the old time is checked in full again once the sandbox clock moves (one issued "in the future" of a clock set back, say).
  options.clock.onChange(() => verified.clear());
  return {
    issuer: options.issuer,
    ttlSeconds,
    async sign(userId, extraClaims = {}) {
      const iat = Math.floor(options.clock.now().getTime() / 1000);
      // jti: two tokens for one user in the same second are still two tokens (told apart in logs, revocable one by one).
      return signHs256(
        { ...extraClaims, sub: userId, iss: options.issuer, iat, exp: iat + ttlSeconds, jti: randomUUID() },
        key,
      );
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        return known.expiresAt * 1000 > options.clock.nowMs()
          ? known
          : { ok: false, reason: "expired", message: EXPIRED };
      }
      try {
        const { payload } = await verifyHs256(token, key, {
          issuer: options.issuer,
          requiredClaims: ["exp", "sub"],
          currentDate: options.clock.now(),
        });
        const result = { ok: true as const, userId: payload.sub as string, expiresAt: payload.exp as number, payload };
        const [oldest] = verified.keys();
        if (verified.size >= VERIFIED_CACHE_SIZE && oldest !== undefined) verified.delete(oldest);
        verified.set(token, result);
        return result;
      } catch (error) {
        if (error instanceof jose().errors.JWTExpired) return { ok: false, reason: "expired", message: EXPIRED };
        return { ok: false, reason: "invalid", message: describeInvalid(error) };
      }
    },
  };
}

function describeInvalid(error: unknown): string {
  if (error instanceof jose().errors.JWTClaimValidationFailed)
    return fillText(AUTH_TEXTS.notValidHere.text, { reason: error.message });
  if (error instanceof jose().errors.JWSSignatureVerificationFailed) return AUTH_TEXTS.badSignature.text;
  if (error instanceof jose().errors.JOSEAlgNotAllowed) return AUTH_TEXTS.wrongAlgorithm.text;
  return AUTH_TEXTS.malformed.text;
}
