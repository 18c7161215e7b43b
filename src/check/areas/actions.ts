import { ActionInputError } from "../../agent/actions/build-request.ts";
import { type AgentTarget, callAction } from "../../agent/actions/call.ts";
import { type ActionDefinition, loadActions } from "../../agent/actions/definition.ts";
import { explicitCall } from "../../agent/gate/grant.ts";
import { connectionProblem } from "../../client/connection.ts";
import { messageOf } from "../../errors.ts";
import { SERVICE_LABELS } from "../../service-names.ts";
import type { Area, Check, Need } from "../check.ts";
import { shown } from "../expect.ts";
import type { Http } from "../http.ts";
import { openApiDocument } from "../openapi.ts";
import { compareAction } from "../openapi-match.ts";
import { failCheck, skipCheck } from "../outcome.ts";
import type { RunContext } from "../run-context.ts";
import { sampleParameters, textsOf } from "../sample-parameters.ts";
import { catalog } from "../storefront-data.ts";
import { logout, register, type SessionSide } from "./bff.ts";

/** Where a `bff` action's user must have an agent session. */
const SESSION_SIDES: Record<string, SessionSide> = {
  storefront: { service: "storefront", tokens: "storefront" },
  host: { service: "host", tokens: "wallet" },
};

/**
 * Per action definition: its placeholders and parameter names against the service's OpenAPI
 * document, then one call as the agent makes it, with values resolved from what the deployment
 * holds. The calls that need an id come after those whose answers hold ids.
 */
export const actionsArea: Area = {
  name: "actions",
  async plan(run) {
    let actions: ActionDefinition[];
    try {
      actions = await loadActions(run.settings.actionsDir);
    } catch (error) {
      const reason = messageOf(error);
      return [{ name: "action definitions load", needs: [], run: async () => failCheck(reason) }];
    }
    const seen: string[] = [];
    const ordered = [...actions].sort((a, b) => needsFound(a) - needsFound(b));
    const sides = [
      ...new Set(actions.filter((action) => action.auth === "bff").map((action) => action.service)),
    ].flatMap((service) => (SESSION_SIDES[service] ? [SESSION_SIDES[service]] : []));
    return [
      ...actions.map((action) => documentCheck(action)),
      ...ordered.map((action) => callCheck(action, seen, sides)),
      ...sides.map((side) => cleanupCheck(side)),
    ];
  },
};

function documentCheck(action: ActionDefinition): Check {
  return {
    name: `${action.name} agrees with the ${SERVICE_LABELS[action.service]}'s OpenAPI document`,
    needs: [action.service],
    async run({ run }) {
      const loaded = await openApiDocument(run, action.service);
      if ("missing" in loaded) skipCheck(loaded.missing);
      const { problems, compared } = compareAction(action, loaded.document, run.target.walletPrefix);
      // Compared with the sandbox's own document (the deployment serves none): say so, since it is the sandbox's contract, not the deployment's.
      const against = loaded.own ? ` (against ${loaded.source})` : "";
      if (problems.length > 0)
        failCheck(
          `${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more: ${problems.slice(1).join("; ")})` : ""}${against}`,
        );
      return `${compared}${against}`;
    },
  };
}

function callCheck(action: ActionDefinition, seen: string[], sides: readonly SessionSide[]): Check {
  const needs: Need[] = [
    action.service,
    "user",
    ...(action.auth === "bff" ? (["serviceToken"] as const) : (["wallet"] as const)),
    ...(action.service === "host" ? (["wallet"] as const) : []),
  ];
  return {
    name: `${action.name} called once`,
    needs,
    // A POST changes data, and a bff action acts through an agent session, which it registers.
    changes: action.method !== "GET" || action.auth === "bff",
    async run({ http, run }) {
      const samples = { catalog: run.target.urls.storefront ? await catalog(run) : [], seen };
      const sampled = sampleParameters(action, samples);
      if ("missing" in sampled)
        skipCheck(
          `no value found for the required parameter "${sampled.missing}" in what the deployment answered so far`,
        );
      if (action.auth === "bff") {
        const side = sides.find((candidate) => candidate.service === action.service);
        if (side) await run.once(`agent session ${side.service}`, (setup) => register(setup, run, side, "user"));
      }
      const target = await agentTarget(http, run);
      // The checker names every value itself: an explicit call, as `agent call` makes.
      const call = await callAction(action, sampled.values, target, explicitCall(action, sampled.values)).catch(
        (error: unknown) => {
          if (error instanceof ActionInputError)
            failCheck(`the values resolved (${shown(sampled.values)}) do not fit the action: ${error.message}`);
          throw error;
        },
      );
      const { status, body } = call.response;
      const sent = `${call.request.method} ${new URL(call.request.url).pathname}${new URL(call.request.url).search}`;
      if (status < 200 || status > 299) failCheck(`${sent}: expected a 2xx answer, got ${status} ${shown(body)}`);
      if (typeof body !== "object" || body === null) failCheck(`${sent}: expected a JSON answer, got ${shown(body)}`);
      if (call.response.offSchema)
        failCheck(`${sent}: the answer departs from the action's response schema: ${call.response.offSchema}`);
      seen.push(...textsOf(body));
      return `${sent} → ${status}`;
    },
  };
}

/** The agent sessions the calls registered are cleared again, as the user's app does on logout. */
function cleanupCheck(side: SessionSide): Check {
  return {
    name: `agent session at the ${SERVICE_LABELS[side.service]} cleared`,
    needs: [side.service, "user", ...(side.tokens === "wallet" ? (["wallet"] as const) : [])],
    changes: true,
    async run({ http, run }) {
      await logout(http, run, side, "user");
      return "DELETE /api/agent/session: 200";
    },
  };
}

/** The agent as it acts for the user: the service token for bff actions, the user's wallet token for oauth ones. */
async function agentTarget(http: Http, run: RunContext): Promise<AgentTarget> {
  const { target } = run;
  const signedIn = await run.signIn(target.urls.storefront ? "storefront" : "wallet");
  return {
    urls: target.urls,
    serviceToken: target.serviceToken ?? "",
    walletPrefix: target.walletPrefix,
    endUserId: signedIn.userId,
    endUserName: signedIn.email,
    walletToken: async () => (await run.signIn("wallet")).token,
    async fetch(input, init) {
      http.step = `${init?.method ?? "GET"} ${String(input)}`;
      try {
        return await fetch(input, {
          ...init,
          signal: init?.signal ? AbortSignal.any([init.signal, http.signal]) : http.signal,
        });
      } catch (error) {
        if (http.signal.aborted) throw http.signal.reason;
        return failCheck(`${http.step}: ${connectionProblem(error)}`);
      }
    },
  };
}

/** How many of the action's required parameters are found in earlier answers (those go last). */
function needsFound(action: ActionDefinition): number {
  return (action.parameters.required ?? []).filter(
    (name) => action.understanding?.parameters?.[name]?.from === "pattern",
  ).length;
}
