import { digest } from "../../auth/secrets.ts";
import { PKCE_VALUE } from "../../contracts/wallet/oauth-requests.ts";

/** RFC 7636 S256: BASE64URL(SHA256(verifier)) must equal the challenge. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  return PKCE_VALUE.test(verifier) && digest(verifier) === challenge;
}
