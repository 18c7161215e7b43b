import { AUTHORIZATION_PARAMS, MAX_STATE, PKCE_VALUE } from "../../contracts/wallet/oauth-requests.ts";
import { SCOPES, WALLET_SCOPE } from "../../contracts/wallet/scopes.ts";
import type { OAuthClient } from "../model.ts";

/** A checked authorization request (RFC 6749 §4.1.1 with PKCE, RFC 7636). */
export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  /** Whether the request named the redirect URI: then the token request must name it too (§4.1.3). */
  redirectUriGiven: boolean;
  state?: string;
  scope: string;
  codeChallenge?: string;
}

/**
 * What to do with a request that is not valid. Without a trustworthy client and redirect URI
 * the error is shown on a page; once both are known, errors go back to the client (§4.1.2.1).
 */
export type AuthorizationRequestResult =
  | { ok: true; request: AuthorizationRequest }
  | { ok: false; page: string }
  | { ok: false; redirectUri: string; error: string; description: string; state?: string };

export function checkAuthorizationRequest(
  params: URLSearchParams,
  findClient: (id: string) => OAuthClient | undefined,
): AuthorizationRequestResult {
  const clientIds = params.getAll("client_id");
  const redirectUris = params.getAll("redirect_uri");
  if (clientIds.length !== 1 || !clientIds[0])
    return { ok: false, page: "The request names no client (client_id), or names more than one." };
  const client = findClient(clientIds[0]);
  if (!client)
    return {
      ok: false,
      page: `No OAuth client "${clientIds[0]}" is registered with this wallet. Register it with: npx sandbox oauth add-client`,
    };
  if (redirectUris.length > 1) return { ok: false, page: "The request names more than one redirect_uri." };
  const given = redirectUris[0];
  if (given === undefined && client.redirectUris.length !== 1) {
    return {
      ok: false,
      page: `The client "${client.name}" has several redirect URIs: the request must name one (redirect_uri).`,
    };
  }
  const redirectUri = given ?? (client.redirectUris[0] as string);
  if (!client.redirectUris.includes(redirectUri)) {
    return {
      ok: false,
      page: `The redirect URI "${redirectUri}" is not registered for the client "${client.name}". Registered: ${client.redirectUris.join(", ")}.`,
    };
  }

  const state = params.get("state") ?? undefined;
  const stateTooLong = state !== undefined && [...state].length > MAX_STATE;
  const back = (error: string, description: string) => ({
    ok: false as const,
    redirectUri,
    error,
    description,
    ...(state !== undefined && !stateTooLong ? { state } : {}),
  });
  const repeated = AUTHORIZATION_PARAMS.find((name) => params.getAll(name).length > 1);
  if (repeated) return back("invalid_request", `The parameter ${repeated} is given more than once`);
  if (stateTooLong) return back("invalid_request", `state is longer than ${MAX_STATE} characters`);

  const responseType = params.get("response_type");
  if (!responseType) return back("invalid_request", "response_type is missing; use response_type=code");
  if (responseType !== "code")
    return back("unsupported_response_type", `response_type "${responseType}" is not supported; use code`);

  const scope = params.get("scope")?.trim() || WALLET_SCOPE;
  const unknownScopes = scope.split(" ").filter((name) => !Object.hasOwn(SCOPES, name));
  if (scope.trim() === "" || unknownScopes.length > 0)
    return back(
      "invalid_scope",
      `Unknown scope "${unknownScopes.join(" ") || scope}"; the wallet offers ${Object.keys(SCOPES).join(", ")}`,
    );

  const challenge = params.get("code_challenge") ?? undefined;
  const method = params.get("code_challenge_method") ?? undefined;
  if (challenge === undefined && method !== undefined)
    return back("invalid_request", "code_challenge_method is given without code_challenge");
  if (challenge !== undefined) {
    if (method !== "S256")
      return back("invalid_request", "PKCE needs code_challenge_method=S256 (plain is not supported)");
    if (!PKCE_VALUE.test(challenge))
      return back("invalid_request", "code_challenge must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~");
  }

  return {
    ok: true,
    request: { client, redirectUri, redirectUriGiven: given !== undefined, state, scope, codeChallenge: challenge },
  };
}

/** The client's redirect URI, kept exactly as registered, with the answer's parameters added to its query. */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return `${redirectUri}${redirectUri.includes("?") ? "&" : "?"}${query}`;
}
