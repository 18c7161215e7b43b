import { createSecretKey, type KeyObject } from "node:crypto";
import type { JWTPayload, JWTVerifyOptions, JWTVerifyResult } from "jose";
import { jose } from "./jose.ts";

/** The one algorithm of every token the sandbox signs: login JWTs and embed identity tokens alike. */
export const HS256 = "HS256";

/**
 * How far ahead of our clock a token's `iat` may be: the signer's clock may run a little fast,
 * but a token issued in the future beyond that was made with a wrong clock or made up.
 */
export const IAT_LEEWAY_SECONDS = 60;

/** The HMAC key of a secret: its UTF-8 bytes (the config checks there are at least 32). */
export function hs256Key(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, "utf8"));
}

export function signHs256(claims: JWTPayload, key: KeyObject): Promise<string> {
  return new (jose().SignJWT)(claims).setProtectedHeader({ alg: HS256, typ: "JWT" }).sign(key);
}

/**
 * Verifies with the algorithm pinned, so `none` and other key types are refused whatever the
 * header says, and refuses an `iat` more than IAT_LEEWAY_SECONDS after `currentDate` (jose checks
 * that only together with a maximum age, which these tokens do not have).
 */
export async function verifyHs256(
  token: string,
  key: KeyObject,
  options: Omit<JWTVerifyOptions, "algorithms">,
): Promise<JWTVerifyResult> {
  const result = await jose().jwtVerify(token, key, { ...options, algorithms: [HS256] });
  const now = Math.floor((options.currentDate ?? new Date()).getTime() / 1000);
  const { iat } = result.payload;
  if (iat !== undefined && iat > now + IAT_LEEWAY_SECONDS) {
    throw new (jose().errors.JWTClaimValidationFailed)(
      `"iat" claim timestamp check failed (it is more than ${IAT_LEEWAY_SECONDS}s in the future)`,
      result.payload,
      "iat",
      "check_failed",
    );
  }
  return result;
}
