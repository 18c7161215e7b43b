import type { H3 } from "h3";
import { AUTH_TEXTS } from "../contracts/auth-errors.ts";
import { LOGIN_OPERATION, loginContract } from "../contracts/login.ts";
import { failWith } from "../errors.ts";
import { readBody } from "../http/request-input.ts";
import { appRoutes } from "../http/route-table.ts";
import { type DemoUser, publicUser } from "../users.ts";
import { findByCredentials } from "./credentials.ts";
import type { JwtIssuer } from "./jwt.ts";

/** A demo sign-in: where to post it, and the credentials. */
export interface DemoSignIn {
  path: string;
  email: string;
  password: string;
}

/** The sign-in the app's login route shows as its example; none on an app without a login route or without demo users. */
export function demoSignIn(app: H3): DemoSignIn | undefined {
  const route = appRoutes(app).find(({ meta }) => meta.operationId === LOGIN_OPERATION);
  const fields = route?.meta.body?.schema.properties as
    | Record<"email" | "password", { examples?: readonly string[] }>
    | undefined;
  const [email, password] = [fields?.email.examples?.[0], fields?.password.examples?.[0]];
  return route && email !== undefined && password !== undefined ? { path: route.path, email, password } : undefined;
}

/** `POST /api/auth/login` of a service: `{email, password}` → `{token, user}`, 401 `invalid_credentials`. */
export function addLoginRoute(app: H3, deps: { users: () => readonly DemoUser[]; jwt: JwtIssuer }): void {
  const contract = loginContract(deps.users()[0]);
  app.post(
    "/api/auth/login",
    async (event) => {
      const body = await readBody(event, contract);
      const user = findByCredentials(deps.users(), body.field("email"), body.field("password"));
      if (!user) failWith(AUTH_TEXTS.wrongCredentials);
      return { token: await deps.jwt.sign(user.id), user: publicUser(user) };
    },
    { meta: contract },
  );
}
