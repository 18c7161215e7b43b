import type { H3Event } from "h3";
import { OAUTH_TEXTS } from "../../contracts/wallet/oauth-errors.ts";
import { failWith } from "../../errors.ts";
import { readForm } from "../../http/form-body.ts";
import type { OAuthClient } from "../model.ts";
import { secretMatches } from "./clients.ts";

/** The token request's form: url-encoded only, each parameter at most once (RFC 6749 §3.2). */
export async function readTokenForm(event: H3Event): Promise<URLSearchParams> {
  const form = await readForm(event);
  if (!form) failWith(OAUTH_TEXTS.notAForm);
  const repeated = [...new Set(form.keys())].find((name) => form.getAll(name).length > 1);
  if (repeated) failWith(OAUTH_TEXTS.repeatedParameter, { values: { name: repeated } });
  return form;
}

/**
 * Client authentication: HTTP Basic (client_secret_basic, id and secret form-encoded, RFC 6749
 * §2.3.1) or client_id + client_secret in the body (client_secret_post), never both.
 */
export function authenticateClient(
  event: H3Event,
  form: URLSearchParams,
  findClient: (id: string) => OAuthClient | undefined,
): OAuthClient {
  const basic = parseBasic(event.req.headers.get("authorization"));
  const bodySecret = form.get("client_secret");
  if (basic && bodySecret !== null) failWith(OAUTH_TEXTS.twoClientAuths);
  const bodyId = form.get("client_id");
  if (basic && bodyId !== null && bodyId !== basic.id) failWith(OAUTH_TEXTS.clientIdDiffers);
  const credentials = basic ?? (bodyId !== null && bodySecret !== null ? { id: bodyId, secret: bodySecret } : null);
  if (!credentials) failWith(OAUTH_TEXTS.noClientAuth);
  const client = findClient(credentials.id);
  // A wrong id costs the same comparison as a wrong secret.
  const matches = secretMatches(client ?? PLACEHOLDER_CLIENT, credentials.secret);
  if (!client || !matches) failWith(OAUTH_TEXTS.wrongClient);
  return client;
}

const PLACEHOLDER_CLIENT: OAuthClient = { id: "", name: "", secretHash: "-", redirectUris: [], createdAt: "" };

function parseBasic(header: string | null): { id: string; secret: string } | null {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match) {
    if (header && /^Basic\b/i.test(header)) failWith(OAUTH_TEXTS.malformedBasic);
    return null;
  }
  const [, encoded = ""] = match;
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) failWith(OAUTH_TEXTS.basicWithoutColon);
  try {
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    failWith(OAUTH_TEXTS.basicNotEncoded);
  }
}

function formDecode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, " "));
}
