import type { H3 } from "h3";
import { AUTH_TEXTS } from "../contracts/auth-errors.ts";
import { json, type RouteContract } from "../contracts/route-contract.ts";
import { failWith } from "../errors.ts";
import { readBody } from "../http/request-input.ts";
import { appRoutes } from "../http/route-table.ts";
import { NON_BLANK } from "../json-schema.ts";
import { type DemoUser, LOGIN_ANSWER, publicUser } from "../users.ts";
import { findByCredentials } from "./credentials.ts";
import type { JwtIssuer } from "./jwt.ts";

export const AUTH_TAG = {
  name: "Sign-in",
  description: "Sign in as a demo user: the JWT the protected routes take as `Authorization: Bearer`.",
};

const LOGIN_OPERATION = "login";

/**
 * The login route's contract. Its example is the first demo user's credentials as the fixtures
 * hold them (public sandbox accounts), so that the API reference's "Try it" comes prefilled and
 * the docs page offers the same sign-in (see demoSignIn).
 */
function loginContract(example: DemoUser | undefined): RouteContract {
  return {
    description: "Sign in with {email, password}: a JWT and the user",
    details:
      "Signs a demo user in (`npx sandbox users` lists them): the email matches whatever its case, and both fields must be non-blank strings. The token is this server's own JWT (HS256, sub the user's id, good for --token-ttl, 24 h by default, by the sandbox clock): each server takes only its own. A wrong email or password is 401 `invalid_credentials`, whichever of the two is wrong.",
    operationId: LOGIN_OPERATION,
    tag: AUTH_TAG,
    body: {
      description: "A demo user's credentials (npx sandbox users lists them); the email matches whatever its case",
      schema: {
        type: "object",
        required: ["email", "password"],
        properties: {
          email: { ...NON_BLANK, ...(example && { examples: [example.email] }) },
          password: { ...NON_BLANK, ...(example && { examples: [example.password] }) },
        },
      },
    },
    responses: {
      200: json("Signed in", LOGIN_ANSWER),
    },
    errors: [AUTH_TEXTS.wrongCredentials],
  };
}

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
