import { SignJWT, errors, jwtVerify, type JWTPayload } from "jose";
import type { Clock } from "../clock.ts";

export interface JwtIssuerOptions {
  /** HMAC secret, at least 32 bytes (checked by the config). */
  secret: string;
  /** The `iss` claim, naming the service. */
  issuer: string;
  ttlSeconds: number;
  clock: Clock;
}

export type VerifyResult =
  | { ok: true; userId: string; expiresAt: number; payload: JWTPayload }
  | { ok: false; reason: "expired" | "invalid"; message: string };

export interface JwtIssuer {
  readonly issuer: string;
  sign(userId: string, extraClaims?: Record<string, unknown>): Promise<string>;
  verify(token: string): Promise<VerifyResult>;
}

const ALGORITHM = "HS256";

/**
 * Signs and verifies one service's HS256 tokens. Verification pins the algorithm (so `none` or
 * another key type is refused), and requires `exp`, `sub` and this service's `iss`.
 */
export function createJwtIssuer(options: JwtIssuerOptions): JwtIssuer {
  const key = new TextEncoder().encode(options.secret);
  return {
    issuer: options.issuer,
    async sign(userId, extraClaims = {}) {
      const now = Math.floor(options.clock.now().getTime() / 1000);
      return new SignJWT(extraClaims)
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(userId)
        .setIssuer(options.issuer)
        .setIssuedAt(now)
        .setExpirationTime(now + options.ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: options.issuer,
          requiredClaims: ["exp", "sub"],
          currentDate: options.clock.now(),
        });
        return { ok: true, userId: payload.sub as string, expiresAt: payload.exp as number, payload };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { ok: false, reason: "expired", message: "The token has expired: log in again" };
        return { ok: false, reason: "invalid", message: describeInvalid(error) };
      }
    },
  };
}

function describeInvalid(error: unknown): string {
  if (error instanceof errors.JWTClaimValidationFailed) return `The token is not valid here: ${error.message}`;
  if (error instanceof errors.JWSSignatureVerificationFailed) return "The token's signature does not match";
  if (error instanceof errors.JOSEAlgNotAllowed) return "The token must be signed with HS256";
  return "The token is malformed";
}
