import { createHash, timingSafeEqual } from "node:crypto";

/** SHA-256 in base64url: how codes, refresh tokens and client secrets are kept, so a dump of the data gives none away. */
export function digest(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

/** Constant-time comparison of two secrets of any length (hashing first evens out the lengths). */
export function sameSecret(given: string, expected: string): boolean {
  const hash = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(hash(given), hash(expected)) && expected !== "";
}
