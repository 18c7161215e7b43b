import type { Draft } from "immer";
import { fail } from "../../contracts/http-errors.ts";
import { failWallet } from "../../contracts/wallet/errors.ts";
import type { ClientListing, REGISTERED_OAUTH_CLIENT } from "../../contracts/wallet/schemas.ts";
import type { FromSchema } from "../../json-schema.ts";
import type { OAuthClient, WalletData } from "../model.ts";
import { newClient, redirectUriProblem } from "./clients.ts";

/** Limits of a registration: the name is shown on the sign-in page and in listings, the URIs are matched on every sign-in. */
const CLIENT_LIMITS = { nameLength: 100, redirectUris: 10, redirectUriLength: 2000 } as const;

export function listClients(clients: readonly OAuthClient[]): ClientListing[] {
  return clients.map(({ id, name, redirectUris, createdAt }) => ({ id, name, redirectUris, createdAt }));
}

/** A client to register, as checkRegistration gives it. */
export interface ClientRegistration {
  name: string;
  redirectUris: string[];
}

/**
 * Checks a registration before anything is written: a name of at most 100 characters, and 1 to 10
 * acceptable redirect URIs of at most 2,000 characters each (400 validation_error naming the limit
 * otherwise). Whether the name is free is checked by registerClient, against the stored clients.
 */
export function checkRegistration(name: unknown, redirectUris: unknown): ClientRegistration {
  const problem = registrationProblem(name, redirectUris);
  if (problem) fail("validation_error", problem.message);
  return { name: (name as string).trim(), redirectUris: [...new Set(redirectUris as string[])] };
}

/**
 * What makes a registration unacceptable, and where: `at` is a JSON pointer into
 * `{name, redirectUris}` (the first refused URI, when there are several). An imported or
 * hand-edited client is held to the same rules.
 */
export function registrationProblem(name: unknown, redirectUris: unknown): { at: string; message: string } | null {
  if (typeof name !== "string" || name.trim() === "") return { at: "/name", message: "A client needs a name (--name)" };
  // Counted in characters (code points), as a person counts them, not UTF-16 units.
  const length = [...name.trim()].length;
  if (length > CLIENT_LIMITS.nameLength)
    return {
      at: "/name",
      message: `A client's name is at most ${CLIENT_LIMITS.nameLength} characters; this one has ${length}`,
    };
  if (
    !Array.isArray(redirectUris) ||
    redirectUris.length === 0 ||
    !redirectUris.every((uri): uri is string => typeof uri === "string")
  ) {
    return { at: "/redirectUris", message: "A client needs at least one redirect URI (--redirect-uri, repeatable)" };
  }
  if (redirectUris.length > CLIENT_LIMITS.redirectUris)
    return {
      at: "/redirectUris",
      message: `A client has at most ${CLIENT_LIMITS.redirectUris} redirect URIs; ${redirectUris.length} were given`,
    };
  const long = redirectUris.findIndex((uri) => uri.length > CLIENT_LIMITS.redirectUriLength);
  if (long !== -1) {
    const uri = redirectUris[long] ?? "";
    return {
      at: `/redirectUris/${long}`,
      message: `A redirect URI is at most ${CLIENT_LIMITS.redirectUriLength} characters; one has ${uri.length} (${uri.slice(0, 40)}…)`,
    };
  }
  const refused = redirectUris.flatMap((uri, index) => {
    const problem = redirectUriProblem(uri);
    return problem === null ? [] : [{ index, problem }];
  });
  if (refused.length === 0) return null;
  return { at: `/redirectUris/${refused[0]!.index}`, message: refused.map(({ problem }) => problem).join("; ") };
}

/**
 * Registers a checked client inside a store change, so that of two registrations of one name at
 * the same time the second sees the first: names are unique whatever their case (409 otherwise,
 * and nothing is written). Returns the client with its secret, shown this once.
 */
export function registerClient(
  draft: Draft<WalletData>,
  registration: ClientRegistration,
  now: Date,
): FromSchema<typeof REGISTERED_OAUTH_CLIENT> {
  const wanted = registration.name.toLowerCase();
  const taken = draft.oauthClients.find((client) => client.name.toLowerCase() === wanted);
  if (taken)
    failWallet(
      "client_name_taken",
      `A client named "${taken.name}" is already registered (${taken.id}); client names are unique, whatever their case`,
    );
  const { client, secret } = newClient(registration.name, registration.redirectUris, now.toISOString());
  draft.oauthClients.push(client);
  return { ...listClients([client])[0]!, secret };
}
