import { digest } from "../../auth/secrets.ts";

/** A PKCE code challenge or verifier: 43 to 128 unreserved characters (RFC 7636 §4.1, §4.2). */
export const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** The same, as the OpenAPI documents show a code challenge or verifier; the lengths again for tools that do not read patterns. */
export const PKCE_SCHEMA = { type: "string", minLength: 43, maxLength: 128, pattern: PKCE_VALUE.source } as const;

/** RFC 7636 S256: BASE64URL(SHA256(verifier)) must equal the challenge. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  return PKCE_VALUE.test(verifier) && digest(verifier) === challenge;
}
