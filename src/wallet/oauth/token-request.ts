import type { H3Event } from "h3";
import { readForm } from "../../http/form-body.ts";
import { secretMatches, type OAuthClient } from "./clients.ts";
import { failOAuth } from "./oauth-response.ts";

/** The token request's form: url-encoded only, each parameter at most once (RFC 6749 §3.2). */
export async function readTokenForm(event: H3Event): Promise<URLSearchParams> {
  const form = await readForm(event);
  if (!form) failOAuth("invalid_request", "Send the token request as application/x-www-form-urlencoded");
  const repeated = [...new Set(form.keys())].find((name) => form.getAll(name).length > 1);
  if (repeated) failOAuth("invalid_request", `The parameter ${repeated} is given more than once`);
  return form;
}

/**
 * Client authentication: HTTP Basic (client_secret_basic, id and secret form-encoded, RFC 6749
 * §2.3.1) or client_id + client_secret in the body (client_secret_post), never both.
 */
export function authenticateClient(event: H3Event, form: URLSearchParams, findClient: (id: string) => OAuthClient | undefined): OAuthClient {
  const basic = parseBasic(event.req.headers.get("authorization"));
  const bodySecret = form.get("client_secret");
  if (basic && bodySecret !== null) failOAuth("invalid_request", "Authenticate the client one way: HTTP Basic or client_secret in the body, not both");
  const bodyId = form.get("client_id");
  if (basic && bodyId !== null && bodyId !== basic.id) failOAuth("invalid_request", "client_id in the body differs from the one in the Authorization header");
  const credentials = basic ?? (bodyId !== null && bodySecret !== null ? { id: bodyId, secret: bodySecret } : null);
  if (!credentials) failOAuth("invalid_client", "Client authentication is missing: send HTTP Basic, or client_id and client_secret in the body");
  const client = findClient(credentials.id);
  // A wrong id costs the same comparison as a wrong secret.
  const matches = secretMatches(client ?? PLACEHOLDER_CLIENT, credentials.secret);
  if (!client || !matches) failOAuth("invalid_client", "Unknown client or wrong client secret");
  return client;
}

const PLACEHOLDER_CLIENT: OAuthClient = { id: "", name: "", secretHash: "-", redirectUris: [], createdAt: "" };

function parseBasic(header: string | null): { id: string; secret: string } | null {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) {
    if (header && /^Basic\b/i.test(header)) failOAuth("invalid_client", "The Basic Authorization header is malformed");
    return null;
  }
  const decoded = Buffer.from(match[1] as string, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) failOAuth("invalid_client", "The Basic Authorization header must hold client_id:client_secret");
  try {
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    failOAuth("invalid_client", "The client id or secret in the Basic header is not properly form-encoded");
  }
}

function formDecode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, " "));
}
