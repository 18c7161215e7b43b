import { digest } from "../../auth/secrets.ts";

/** A PKCE code challenge or verifier: 43 to 128 unreserved characters (RFC 7636 §4.1, §4.2). */
export const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** RFC 7636 S256: BASE64URL(SHA256(verifier)) must equal the challenge. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  return PKCE_VALUE.test(verifier) && digest(verifier) === challenge;
}
