import { randomBytes } from "node:crypto";
import { digest, sameSecret } from "../../auth/secrets.ts";
import { readFixture } from "../../fixtures.ts";
import type { OAuthClient } from "../model.ts";

/** The default client shipped in fixtures/, with its documented development secret. */
export interface ClientFixture {
  id: string;
  name: string;
  secret: string;
  redirectUris: string[];
}

export async function loadDefaultClients(): Promise<ClientFixture[]> {
  return (await readFixture<{ clients: ClientFixture[] }>("wallet/oauth-clients.json")).clients;
}

export function registeredClient(fixture: ClientFixture, createdAt: string): OAuthClient {
  return {
    id: fixture.id,
    name: fixture.name,
    secretHash: digest(fixture.secret),
    redirectUris: fixture.redirectUris,
    createdAt,
  };
}

/** A new client with a random id and secret; the secret is returned here and never again. */
export function newClient(
  name: string,
  redirectUris: string[],
  createdAt: string,
): { client: OAuthClient; secret: string } {
  const secret = randomBytes(32).toString("base64url");
  const id = `client_${randomBytes(9).toString("base64url")}`;
  return { client: { id, name, secretHash: digest(secret), redirectUris, createdAt }, secret };
}

/** Compares in constant time. */
export function secretMatches(client: OAuthClient, secret: string): boolean {
  return sameSecret(digest(secret), client.secretHash);
}

/**
 * Checks a redirect URI for registration: absolute, no fragment (RFC 6749 §3.1.2), and plain
 * http only for loopback hosts, as OAuth for native and local apps allows. Returns the reason it is refused.
 */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `"${uri}" is not an absolute URI`;
  }
  if (url.hash || uri.includes("#")) return `"${uri}" must not have a fragment (#…)`;
  if (url.protocol === "http:" && !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) {
    return `"${uri}" uses plain http on a host other than localhost; use https`;
  }
  if (url.protocol === "javascript:" || url.protocol === "data:") return `"${uri}" is not a redirect URI`;
  return null;
}
