import type { Check } from "../check.ts";
import { expectBody, expectError } from "../expect.ts";
import { failCheck } from "../outcome.ts";
import { jwtClaims } from "../values.ts";

const LOGIN_ANSWER = { token: "string", user: { id: "uuid", email: "string", name: "string" } } as const;

/** POST /api/auth/login, which the storefront and the wallet both have: `{token, user}`, and 401 invalid_credentials. */
export function loginChecks(service: "storefront" | "wallet"): Check[] {
  return [
    {
      name: "login with the right password",
      needs: [service, "user"],
      async run({ http, run }) {
        const account = run.account("user");
        const answer = await http.send("POST", `${run.url(service)}/api/auth/login`, {
          headers: { accept: "application/json" },
          body: account,
        });
        const body = expectBody(answer, LOGIN_ANSWER);
        const sub = jwtClaims(body.token)?.sub;
        if (sub !== body.user.id)
          failCheck(
            `expected a JWT whose sub is the user's id ${body.user.id}, got ${sub === undefined ? "no JWT sub" : `sub ${String(sub)}`}`,
          );
        if (body.user.email.toLowerCase() !== account.email.toLowerCase())
          failCheck(`expected user.email ${account.email}, got ${body.user.email}`);
        return `200, a JWT for user ${body.user.id}`;
      },
    },
    {
      name: "login with a wrong password",
      needs: [service, "user"],
      async run({ http, run }) {
        const { email, password } = run.account("user");
        const answer = await http.send("POST", `${run.url(service)}/api/auth/login`, {
          headers: { accept: "application/json" },
          body: { email, password: `${password}-wrong` },
        });
        expectError(answer, 401, "invalid_credentials");
        return "401 invalid_credentials";
      },
    },
  ];
}
