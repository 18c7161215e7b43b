import { createHmac, randomBytes } from "node:crypto";
import { sameSecret } from "../../auth/secrets.ts";
import type { Clock } from "../../clock.ts";
import { FORM_TOKEN_LIFETIME_MS } from "../../contracts/wallet/oauth-requests.ts";
import type { AuthorizationRequest } from "./authorization-request.ts";

/**
 * The anti-CSRF token of the sign-in form: `<issued at>.<MAC>`, an HMAC-SHA256 of the time it was
 * issued and of every part of the authorization request it was issued for (client, redirect URI,
 * scope, state, PKCE challenge), keyed by random bytes made when the wallet starts. So it is
 * good only for that one request, for 15 minutes, and only until the wallet restarts; nobody
 * can make one without asking this wallet for the page of that very request, and a request
 * protected by state or PKCE cannot be known to another page.
 */
export interface FormTokens {
  issue(request: AuthorizationRequest): string;
  /** Whether the token was issued by this wallet, for this request, less than 15 minutes ago. */
  check(token: string, request: AuthorizationRequest): boolean;
}

export function createFormTokens(clock: Clock, key: Buffer = randomBytes(32)): FormTokens {
  const mac = (issuedAt: number, request: AuthorizationRequest) =>
    createHmac("sha256", key)
      .update(JSON.stringify([issuedAt, ...requestParts(request)]))
      .digest("base64url");
  return {
    issue(request) {
      const issuedAt = clock.now().getTime();
      return `${issuedAt}.${mac(issuedAt, request)}`;
    },
    check(token, request) {
      const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
      if (!match) return false;
      const [, issued = "", signature = ""] = match;
      const issuedAt = Number(issued);
      // A token from the future is authentic all the same: the sandbox clock was moved back.
      return sameSecret(signature, mac(issuedAt, request)) && clock.now().getTime() - issuedAt < FORM_TOKEN_LIFETIME_MS;
    },
  };
}

/** Everything that makes one request differ from another; JSON keeps the parts apart whatever they contain. */
function requestParts(request: AuthorizationRequest): unknown[] {
  return [
    request.client.id,
    request.redirectUri,
    request.redirectUriGiven,
    request.scope,
    request.state ?? null,
    request.codeChallenge ?? null,
  ];
}
