import type { H3 } from "h3";
import { requireString } from "../http/fields.ts";
import { readJsonObject } from "../http/json-body.ts";
import { findByCredentials, publicUser, type DemoUser } from "../users.ts";
import { failAuth } from "./errors.ts";
import type { JwtIssuer } from "./jwt.ts";

/** `POST /api/auth/login` of a service: `{email, password}` → `{token, user}`, 401 `invalid_credentials`. */
export function addLoginRoute(app: H3, deps: { users: () => readonly DemoUser[]; jwt: JwtIssuer }): void {
  app.post("/api/auth/login", async (event) => {
    const body = await readJsonObject(event);
    const user = findByCredentials(deps.users(), requireString(body, "email"), requireString(body, "password"));
    if (!user) failAuth("invalid_credentials", "Wrong email or password");
    return { token: await deps.jwt.sign(user.id), user: publicUser(user) };
  }, { meta: { description: "Sign in with {email, password}: a JWT and the user" } });
}
