import { pathPattern } from "../contracts/controls/fault.ts";
import { type JournalEntry, matchesFilter } from "../contracts/journal/entry.ts";
import { parseJson } from "../json-text.ts";
import { bodyMatches, capture, check } from "./expect.ts";
import type { Step } from "./scenario.ts";
import type { RunState } from "./state.ts";
import { StepFailure, show } from "./values.ts";

type Call = NonNullable<NonNullable<Step["expect"]>["calls"]>[number];

/**
 * A say step: the user's words to the agent under test, one turn, then what the step expects of
 * the reply and of the agent's calls during the turn. The agent's calls are the journal's entries
 * sent with the service token between the message and the reply: the runner's own requests (its
 * logins, the agent sessions it registers, its reads) carry a user's token or none, never that one.
 */
export async function sayStep(text: string, step: Step, state: RunState, signal: AbortSignal): Promise<string> {
  const agent = await state.agentUnderTest();
  const wanted = step.expect?.calls;
  const { controls } = state.target;
  // Where the turn starts in the journal; read only when the step looks at the calls (given servers may have no controls).
  const before = wanted || step.capture ? (await controls.journal({ agent: true }, { limit: 1 })).lastId : undefined;
  const reply = await agent.reply(text, signal);
  const calls = before === undefined ? [] : (await controls.journal({ agent: true }, { after: before })).entries;
  const seen = `reply ${show(reply)}${before === undefined ? "" : `; calls: ${callsLine(calls)}`}`;
  if (step.expect?.reply !== undefined) await check("reply", step.expect.reply, reply, seen);
  for (const call of wanted ?? []) await checkCalls(call, calls, state);
  await capture(step, { body: { reply, calls: calls.map(callView) } }, state);
  return seen;
}

/** Fails the step when the calls that match the line are not as many as it says (at least one unless `count`). */
async function checkCalls(wanted: Call, calls: readonly JournalEntry[], state: RunState): Promise<void> {
  const filter = {
    service: wanted.server,
    method: wanted.method,
    user: wanted.user === undefined ? undefined : state.user(wanted.user).id,
    status: wanted.status === undefined ? undefined : String(wanted.status),
  };
  const path = wanted.path === undefined ? undefined : pathPattern(wanted.path);
  const found: JournalEntry[] = [];
  for (const entry of calls)
    if (
      matchesFilter(entry, filter) &&
      (path === undefined || path.test(entry.path)) &&
      (await bodyMatches(wanted.body, callView(entry).body))
    )
      found.push(entry);
  if (wanted.count !== undefined ? found.length === wanted.count : found.length > 0) return;
  const what = [
    wanted.method?.toUpperCase() ?? "any method",
    wanted.server ?? "any server",
    wanted.path ?? "any path",
    ...(wanted.status === undefined ? [] : [String(wanted.status)]),
    ...(wanted.user === undefined ? [] : [`for ${wanted.user}`]),
    ...(wanted.body === undefined ? [] : [`with body ${show(wanted.body)}`]),
  ].join(" ");
  // The calls that broke a "none" (or too many) are named; for too few, every call of the turn.
  const shown = found.length > 0 ? `: ${callsLine(found)}` : `; the agent's calls: ${callsLine(calls)}`;
  throw new StepFailure(
    `calls: expected ${wanted.count ?? "at least 1"} of ${what} during the turn, received ${found.length}${shown}`,
  );
}

/** A call as the report and the captures see it: its body parsed when it is JSON. */
function callView(entry: JournalEntry): {
  server: string;
  method: string;
  path: string;
  status: number;
  body: unknown;
} {
  const text = entry.request.body?.text;
  const parsed = text === undefined || text === "" ? undefined : parseJson(text);
  // Not JSON: its text is what the matchers see.
  const body = parsed === undefined && text !== "" ? text : parsed;
  return { server: entry.service, method: entry.method, path: entry.path, status: entry.status, body };
}

/** "GET storefront /api/agent/products 200, POST storefront /api/agent/cart/items 201 {…}"; or none. */
function callsLine(calls: readonly JournalEntry[]): string {
  if (calls.length === 0) return "none";
  return calls
    .map((entry) => {
      const { body } = callView(entry);
      return `${entry.method} ${entry.service} ${entry.path} ${entry.status}${body === undefined ? "" : ` ${show(body)}`}`;
    })
    .join(", ");
}
