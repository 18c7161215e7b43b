import type { H3Event } from "h3";
import { AUTH_TEXTS, failAuth } from "../contracts/auth-errors.ts";
import { failWith } from "../errors.ts";
import type { JwtIssuer } from "./jwt.ts";

/** How a service checks bearer tokens: its JWT issuer, and who its users are. */
export interface BearerAuth {
  issuer: JwtIssuer;
  /** A well-signed token for a user the service does not know is refused all the same. */
  knownUser(userId: string): boolean;
}

export interface AuthenticatedUser {
  userId: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/** The token of `Authorization: Bearer …` (the scheme is case-insensitive), or null. */
export function bearerToken(event: H3Event): string | null {
  return bearerOf(event.req.headers.get("authorization"));
}

/** The token of an Authorization header's value, when its scheme is Bearer. */
export function bearerOf(header: string | null | undefined): string | null {
  const match = header ? /^Bearer[ ]+([^\s]+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * Checks the bearer JWT of a protected route: 401 `invalid_token` when it is missing, malformed or
 * badly signed, 401 `token_expired` when it has expired, both with `WWW-Authenticate: Bearer`.
 * `allowQueryToken` accepts `?access_token=` too, for EventSource clients that cannot set headers.
 */
export async function requireUser(
  event: H3Event,
  auth: BearerAuth,
  options: { allowQueryToken?: boolean } = {},
): Promise<AuthenticatedUser> {
  const { issuer } = auth;
  const token = bearerToken(event) ?? (options.allowQueryToken ? event.url.searchParams.get("access_token") : null);
  if (!token) {
    failWith(options.allowQueryToken ? AUTH_TEXTS.missingTokenOrQuery : AUTH_TEXTS.missingToken, {
      headers: { "www-authenticate": `Bearer realm="${issuer.issuer}"` },
    });
  }
  const result = await issuer.verify(token);
  if (!result.ok) {
    const code = result.reason === "expired" ? "token_expired" : "invalid_token";
    failAuth(code, result.message, {
      headers: {
        "www-authenticate": `Bearer realm="${issuer.issuer}", error="invalid_token", error_description="${result.message.replaceAll('"', "'")}"`,
      },
    });
  }
  if (!auth.knownUser(result.userId)) refuseUnknownUser(issuer);
  return { userId: result.userId, expiresAt: result.expiresAt };
}

/** The 401 of a well-signed token whose user the service does not know. */
export function refuseUnknownUser(issuer: JwtIssuer): never {
  failWith(AUTH_TEXTS.unknownUser, {
    headers: { "www-authenticate": `Bearer realm="${issuer.issuer}", error="invalid_token"` },
  });
}
