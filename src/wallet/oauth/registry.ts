import type { Draft } from "immer";
import { fail } from "../../http/errors.ts";
import type { WalletData } from "../model.ts";
import { newClient, redirectUriProblem, type OAuthClient } from "./clients.ts";


export interface ClientListing {
  id: string;
  name: string;
  redirectUris: string[];
  createdAt: string;
}

export function listClients(clients: readonly OAuthClient[]): ClientListing[] {
  return clients.map(({ id, name, redirectUris, createdAt }) => ({ id, name, redirectUris, createdAt }));
}

/** Checks a registration before anything is written: a name, and at least one acceptable redirect URI (400 validation_error otherwise). */
export function checkRegistration(name: unknown, redirectUris: unknown): { name: string; redirectUris: string[] } {
  if (typeof name !== "string" || name.trim() === "") fail("validation_error", "A client needs a name (--name)");
  if (!Array.isArray(redirectUris) || redirectUris.length === 0 || !redirectUris.every((uri) => typeof uri === "string")) {
    fail("validation_error", "A client needs at least one redirect URI (--redirect-uri, repeatable)");
  }
  const problems = redirectUris.map(redirectUriProblem).filter((problem): problem is string => problem !== null);
  if (problems.length > 0) fail("validation_error", problems.join("; "));
  return { name: name.trim(), redirectUris: [...new Set(redirectUris as string[])] };
}

/** Registers a checked client inside a store change; returns it with its secret, shown this once. */
export function registerClient(draft: Draft<WalletData>, registration: { name: string; redirectUris: string[] }, now: Date): ClientListing & { secret: string } {
  const { client, secret } = newClient(registration.name, registration.redirectUris, now.toISOString());
  draft.oauthClients.push(client);
  return { ...listClients([client])[0]!, secret };
}
