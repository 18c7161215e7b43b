import { LOGIN } from "../contracts/login.ts";
import type { FromSchema } from "../json-schema.ts";
import type { LOGIN_ANSWER } from "../users.ts";
import { answerOf, type ServiceClient } from "./service-client.ts";

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
export async function logIn(
  client: ServiceClient,
  service: LoginService,
  credentials: { email: string; password: string },
  signal?: AbortSignal,
): Promise<LoginAnswer> {
  const path = "/api/auth/login";
  const body = { email: credentials.email, password: credentials.password };
  const result = await client.call(LOGIN, { service, path, body, ...(signal ? { signal } : {}) });
  return answerOf(result, service, `POST ${path}`);
}
