import type { FromSchema } from "../json-schema.ts";
import type { ServiceClient } from "./service-client.ts";
import { LOGIN_ANSWER } from "./wire.ts";

/** The services a person signs in to: each answers POST /api/auth/login with `{token, user}`. */
export const LOGIN_SERVICES = ["storefront", "wallet"] as const;
export type LoginService = (typeof LOGIN_SERVICES)[number];

/** What a login answers: the user's token and who the user is. */
export type LoginAnswer = FromSchema<typeof LOGIN_ANSWER>;

/**
 * The one login: POST /api/auth/login of the storefront or the wallet, the answer checked against
 * its contract. Every client signs in through it (the terminal UI, the agent acting as the app,
 * the scenario runner); a refusal or an answer off the contract is the client's RequestFailure.
 */
export function logIn(
  client: ServiceClient,
  service: LoginService,
  credentials: { email: string; password: string },
  signal?: AbortSignal,
): Promise<LoginAnswer> {
  return client.call(service, "/api/auth/login", LOGIN_ANSWER, {
    method: "POST",
    body: { email: credentials.email, password: credentials.password },
    ...(signal ? { signal } : {}),
  });
}
