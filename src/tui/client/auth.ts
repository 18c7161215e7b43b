import { LOGIN_SERVICES, type LoginService, logIn } from "../../client/login.ts";
import type { ServiceClient } from "../../client/service-client.ts";
import { messageOf } from "../../errors.ts";
import type { Login } from "../state/store.ts";

export type LoginOutcome = { service: LoginService; login: Login } | { service: LoginService; error: string };

/** Signs in to every running login service at once; each answers on its own (one may refuse, one may be down). */
export async function signInEverywhere(
  client: ServiceClient,
  email: string,
  password: string,
  signal?: AbortSignal,
): Promise<LoginOutcome[]> {
  const services = LOGIN_SERVICES.filter((service) => client.urls[service]);
  return Promise.all(
    services.map(async (service): Promise<LoginOutcome> => {
      try {
        const login = await logIn(client, service, { email, password }, signal);
        return { service, login };
      } catch (error) {
        if (signal?.aborted) throw error;
        return { service, error: messageOf(error) };
      }
    }),
  );
}
