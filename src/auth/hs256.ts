import { createSecretKey, type KeyObject } from "node:crypto";
import { SignJWT, jwtVerify, type JWTPayload, type JWTVerifyOptions, type JWTVerifyResult } from "jose";

/** The one algorithm of every token the sandbox signs: login JWTs and embed identity tokens alike. */
export const HS256 = "HS256";

/** The HMAC key of a secret: its UTF-8 bytes (the config checks there are at least 32). */
export function hs256Key(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, "utf8"));
}

export function signHs256(claims: JWTPayload, key: KeyObject): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: HS256, typ: "JWT" }).sign(key);
}

/** Verifies with the algorithm pinned, so `none` and other key types are refused whatever the header says. */
export function verifyHs256(token: string, key: KeyObject, options: Omit<JWTVerifyOptions, "algorithms">): Promise<JWTVerifyResult> {
  return jwtVerify(token, key, { ...options, algorithms: [HS256] });
}
