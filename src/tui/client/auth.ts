import { LOGIN_ANSWER } from "../../client/wire.ts";
import type { Login } from "../state/store.ts";
import type { HttpClient } from "./http.ts";

/** The services a person signs in to: each answers POST /api/auth/login with `{token, user}`. */
export const LOGIN_SERVICES = ["storefront", "wallet"] as const;
export type LoginService = (typeof LOGIN_SERVICES)[number];

export type LoginOutcome = { service: LoginService; login: Login } | { service: LoginService; error: string };

/** Signs in to every running login service at once; each answers on its own (one may refuse, one may be down). */
export async function signInEverywhere(
  client: HttpClient,
  email: string,
  password: string,
  signal?: AbortSignal,
): Promise<LoginOutcome[]> {
  const services = LOGIN_SERVICES.filter((service) => client.urls[service]);
  return Promise.all(
    services.map(async (service): Promise<LoginOutcome> => {
      try {
        const login = await client.call(service, "/api/auth/login", LOGIN_ANSWER, {
          method: "POST",
          body: { email, password },
          signal,
        });
        return { service, login };
      } catch (error) {
        if (signal?.aborted) throw error;
        return { service, error: (error as Error).message };
      }
    }),
  );
}
