import type { Area, Check, Need } from "../check.ts";
import { expectBody, expectError, expectJson, shown } from "../expect.ts";
import type { Http } from "../http.ts";
import { failCheck } from "../outcome.ts";
import { bearer, type RunContext } from "../run-context.ts";
import { nobody, sameJson } from "../values.ts";

/** The spec's texts, letter for letter. */
export const INVALID_SERVICE_TOKEN = "Invalid agent service token";
export const NO_ACTIVE_SESSION = "No active session for this user";

/** Where a user's agent session is registered, and with which service's JWT. */
export interface SessionSide {
  service: "storefront" | "host";
  tokens: "storefront" | "wallet";
}

/** One server with agent routes: the storefront (storefront JWTs) or the host app (wallet JWTs). */
interface Side extends SessionSide {
  label: string;
  /** What a check that signs the user in needs (the host app's users sign in at the wallet). */
  signedIn: readonly Need[];
  /** An agent route, and what the user's own call of the same data answers. */
  agentPath: string;
  direct(http: Http, run: RunContext, token: string): Promise<unknown>;
}

const STOREFRONT: Side = {
  service: "storefront",
  label: "storefront",
  tokens: "storefront",
  signedIn: ["storefront", "user"],
  agentPath: "/api/agent/orders",
  direct: async (http, run, token) => expectJson(await http.get(`${run.url("storefront")}/api/orders`, bearer(token))),
};

const HOST: Side = {
  service: "host",
  label: "host app",
  tokens: "wallet",
  signedIn: ["host", "wallet", "user"],
  agentPath: "/api/agent/wallet?period=30d",
  async direct(http, run, token) {
    const balance = expectBody(await http.get(run.walletUrl("/balance"), bearer(token)), "object");
    const transactions = expectBody(await http.get(run.walletUrl("/transactions?period=30d"), bearer(token)), "object");
    return { balance: balance.balance, currency: balance.currency, ...transactions };
  },
};

function sideChecks(side: Side): Check[] {
  const { service, label } = side;
  const agent = (http: Http, run: RunContext, headers: Record<string, string>) =>
    http.get(`${run.url(service)}${side.agentPath}`, headers);
  const agentAs = async (http: Http, run: RunContext, who: "user" | "secondUser") =>
    agent(http, run, {
      ...bearer(run.target.serviceToken!),
      "x-end-user-id": (await run.signIn(side.tokens, who)).userId,
    });
  const actsAs = async (http: Http, run: RunContext, who: "user" | "secondUser") => {
    const { token } = await run.signIn(side.tokens, who);
    const expected = await side.direct(http, run, token);
    const got = expectJson(await agentAs(http, run, who));
    if (!sameJson(got, expected))
      failCheck(`expected what the user's own call answers (${shown(expected)}), got ${shown(got)}`);
  };
  return [
    {
      name: `${label}: agent route without a service token`,
      needs: [service],
      async run({ http, run }) {
        expectError(
          await agent(http, run, { "x-end-user-id": nobody() }),
          401,
          "invalid_service_token",
          INVALID_SERVICE_TOKEN,
        );
        return `401 "${INVALID_SERVICE_TOKEN}"`;
      },
    },
    {
      name: `${label}: agent route with a wrong service token`,
      needs: [service],
      async run({ http, run }) {
        expectError(
          await agent(http, run, { ...bearer(`wrong-${nobody()}`), "x-end-user-id": nobody() }),
          401,
          "invalid_service_token",
          INVALID_SERVICE_TOKEN,
        );
        return `401 "${INVALID_SERVICE_TOKEN}"`;
      },
    },
    {
      name: `${label}: agent route without X-End-User-Id`,
      needs: [service, "serviceToken"],
      async run({ http, run }) {
        expectError(await agent(http, run, bearer(run.target.serviceToken!)), 400, "missing_end_user");
        return "400 missing_end_user";
      },
    },
    {
      name: `${label}: agent route for a user without a session`,
      needs: [service, "serviceToken"],
      async run({ http, run }) {
        expectError(
          await agent(http, run, { ...bearer(run.target.serviceToken!), "x-end-user-id": nobody() }),
          401,
          "no_active_session",
          NO_ACTIVE_SESSION,
        );
        return `401 "${NO_ACTIVE_SESSION}"`;
      },
    },
    {
      name: `${label}: session registration with a token that is no JWT`,
      needs: [service],
      async run({ http, run }) {
        expectError(
          await session(http, run, side, "POST", { userId: nobody(), token: "not-a-jwt" }),
          401,
          "invalid_token",
        );
        return "401 invalid_token";
      },
    },
    {
      name: `${label}: session registration for another userId`,
      needs: side.signedIn,
      async run({ http, run }) {
        const { token } = await run.signIn(side.tokens);
        expectError(await session(http, run, side, "POST", { userId: nobody(), token }), 403, "user_mismatch");
        return "403 user_mismatch";
      },
    },
    {
      name: `${label}: session registration`,
      needs: side.signedIn,
      changes: true,
      async run({ http, run }) {
        await register(http, run, side, "user");
        return "200";
      },
    },
    {
      name: `${label}: agent route acts as the registered user`,
      needs: [...side.signedIn, "serviceToken"],
      changes: true,
      async run({ http, run }) {
        await register(http, run, side, "user");
        await actsAs(http, run, "user");
        return `${side.agentPath}: what the user's own call answers`;
      },
    },
    {
      name: `${label}: agent route acts for the user named, not another`,
      needs: [...side.signedIn, "serviceToken", "secondUser"],
      changes: true,
      async run({ http, run }) {
        await register(http, run, side, "user");
        await register(http, run, side, "secondUser");
        await actsAs(http, run, "secondUser");
        await actsAs(http, run, "user");
        await logout(http, run, side, "secondUser");
        return "each user gets their own data";
      },
    },
    {
      name: `${label}: session logout ends the agent's access`,
      needs: [...side.signedIn, "serviceToken"],
      changes: true,
      async run({ http, run }) {
        await register(http, run, side, "user");
        await logout(http, run, side, "user");
        expectError(await agentAs(http, run, "user"), 401, "no_active_session", NO_ACTIVE_SESSION);
        return `200, then the agent route answers 401 "${NO_ACTIVE_SESSION}"`;
      },
    },
    {
      name: `${label}: session logout again`,
      needs: side.signedIn,
      changes: true,
      async run({ http, run }) {
        await logout(http, run, side, "user");
        return "200 (logout is idempotent)";
      },
    },
  ];
}

export const bffArea: Area = { name: "bff", plan: async () => [...sideChecks(STOREFRONT), ...sideChecks(HOST)] };

function session(http: Http, run: RunContext, side: SessionSide, method: "POST" | "DELETE", body: unknown) {
  return http.send(method, `${run.url(side.service)}/api/agent/session`, {
    headers: { accept: "application/json" },
    body,
  });
}

/** POST /api/agent/session with the user's JWT, as the user's app does after login. */
export async function register(
  http: Http,
  run: RunContext,
  side: SessionSide,
  who: "user" | "secondUser",
): Promise<void> {
  const { token, userId } = await run.signIn(side.tokens, who);
  const answer = await session(http, run, side, "POST", { userId, token });
  if (answer.status !== 200)
    failCheck(
      `registering ${run.account(who).email}'s session at the ${side.service}: expected 200, got ${answer.status} ${shown(answer.text)}`,
    );
  expectJson(answer);
}

/** DELETE /api/agent/session, as the user's app does on logout. */
export async function logout(
  http: Http,
  run: RunContext,
  side: SessionSide,
  who: "user" | "secondUser",
): Promise<void> {
  const { userId } = await run.signIn(side.tokens, who);
  const answer = await session(http, run, side, "DELETE", { userId });
  if (answer.status !== 200)
    failCheck(
      `clearing ${run.account(who).email}'s session at the ${side.service}: expected 200, got ${answer.status} ${shown(answer.text)}`,
    );
  expectJson(answer);
}
