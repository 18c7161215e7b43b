import type { H3 } from "h3";
import { failWith } from "../errors.ts";
import { NON_BLANK } from "../http/json-schema.ts";
import { readBody } from "../http/request-input.ts";
import { json, type RouteContract } from "../http/route-contract.ts";
import { PUBLIC_USER, findByCredentials, publicUser, type DemoUser } from "../users.ts";
import { AUTH_TEXTS } from "./errors.ts";
import type { JwtIssuer } from "./jwt.ts";

export const AUTH_TAG = { name: "Sign-in", description: "Sign in as a demo user: the JWT the protected routes take as `Authorization: Bearer`." };

const LOGIN: RouteContract = {
  description: "Sign in with {email, password}: a JWT and the user",
  operationId: "login",
  tag: AUTH_TAG,
  body: {
    description: "A demo user's credentials (npx sandbox users lists them); the email matches whatever its case",
    schema: {
      type: "object",
      required: ["email", "password"],
      properties: {
        email: { ...NON_BLANK, examples: ["ada@example.com"] },
        password: { ...NON_BLANK, examples: ["ada-sandbox-pass"] },
      },
    },
  },
  responses: {
    200: json("Signed in", {
      title: "Login",
      type: "object",
      required: ["token", "user"],
      properties: { token: { type: "string", description: "An HS256 JWT: sub is the user's id; 24 h by default (--token-ttl)" }, user: PUBLIC_USER },
    }),
  },
  errors: [AUTH_TEXTS.wrongCredentials],
};

/** `POST /api/auth/login` of a service: `{email, password}` → `{token, user}`, 401 `invalid_credentials`. */
export function addLoginRoute(app: H3, deps: { users: () => readonly DemoUser[]; jwt: JwtIssuer }): void {
  app.post("/api/auth/login", async (event) => {
    const body = await readBody(event);
    const user = findByCredentials(deps.users(), body.field("email"), body.field("password"));
    if (!user) failWith(AUTH_TEXTS.wrongCredentials);
    return { token: await deps.jwt.sign(user.id), user: publicUser(user) };
  }, { meta: LOGIN });
}
