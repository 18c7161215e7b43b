import { NON_BLANK } from "../json-schema.ts";
import { type DemoUser, LOGIN_ANSWER } from "../users.ts";
import { AUTH_TEXTS } from "./auth-errors.ts";
import { defineRoute, json } from "./route-contract.ts";

export const AUTH_TAG = {
  name: "Sign-in",
  description: "Sign in as a demo user: the JWT the protected routes take as `Authorization: Bearer`.",
};

export const LOGIN_OPERATION = "login";

/**
 * The login route's contract. Its example is the first demo user's credentials as the fixtures
 * hold them (public sandbox accounts), so that the API reference's "Try it" comes prefilled and
 * the docs page offers the same sign-in (see demoSignIn).
 */
export function loginContract(example: DemoUser | undefined) {
  return defineRoute({
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
    method: "POST",
  });
}

/** The login as clients call it (no example: the credentials are theirs). */
export const LOGIN = loginContract(undefined);
