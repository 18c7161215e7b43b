import { ask } from "../agent/ask.ts";
import { type AnswerBounds, sendPlain } from "../client/send.ts";
import { MAX_IMPORT_BYTES } from "../contracts/controls/import-limit.ts";
import { type JournalEntry, matchesFilter } from "../contracts/journal/entry.ts";
import { DEFAULT_WAIT } from "./deadline.ts";
import { capture, check, checkBody, saying } from "./expect.ts";
import { sayStep } from "./say.ts";
import type { RunStep, Step } from "./scenario.ts";
import type { RunState } from "./state.ts";
import { durationMs, mismatch, StepFailure, select, show } from "./values.ts";

/**
 * What a request step reads of an answer: a body up to the import limit (an export the sandbox
 * can take back is read whole); an event stream, which may never end, up to its first event, at
 * most 64 KiB and 1 s after its headers (docs/scenarios.md, "Timeouts and bounds").
 */
export const ANSWER_BOUNDS: AnswerBounds = { maxBytes: MAX_IMPORT_BYTES, streamBytes: 64 * 1024, streamWaitMs: 1000 };

/**
 * Does the step, checks what it expects, captures what it names; answers what came back, in one
 * line. `signal` is the step's deadline: a request and the opening of a stream stop at it.
 */
export async function act(step: RunStep, state: RunState, signal: AbortSignal): Promise<string> {
  const { controls } = state.target;
  if ("importData" in step) {
    const { imported } = await controls.importData(step.importData);
    return `imported ${imported.join(", ")}`;
  }
  if (step.request) return request(step.request, step, state, signal);
  if (step.ask) return askStep(step.ask, step, state);
  if (step.say) return sayStep(step.say, step, state, signal);
  if (step.clock) {
    const { clock } = step;
    state.clockMoves++;
    const state_ = clock.set
      ? await controls.setClock(clock.set)
      : clock.advance !== undefined
        ? await controls.advanceClock(durationMs(clock.advance))
        : await controls.resetClock();
    return `the clock reads ${state_.now}`;
  }
  if (step.fault) {
    const { fault } = step;
    if (fault.add) {
      const added = await controls.addFault(fault.add);
      return `fault ${added.id} on ${added.service} ${added.route}`;
    }
    const cleared = await controls.clearFaults(fault.clear === true ? undefined : fault.clear);
    return `cleared ${cleared.length === 1 ? "1 fault" : `${cleared.length} faults`}`;
  }
  if (step.trigger) return trigger(step.trigger, step, state);
  if (step.waitFor) return waitFor(step.waitFor, step, state, signal);
  if (step.journal) return journal(step.journal, state);
  throw new Error("a step with no action, which the schema lets no file write");
}

async function request(
  spec: NonNullable<Step["request"]>,
  step: Step,
  state: RunState,
  signal: AbortSignal,
): Promise<string> {
  const headers: Record<string, string> = { accept: "application/json", ...spec.headers };
  if (spec.agent) {
    // The user's app has signed in and registered the agent's session, as it does before the agent acts.
    await state.agent(spec.agent);
    headers.authorization = `Bearer ${state.target.serviceToken}`;
    headers["x-end-user-id"] = state.user(spec.agent).id;
  } else if (spec.as && spec.as !== "anonymous")
    headers.authorization = `Bearer ${await state.token(spec.server, spec.as)}`;
  if (spec.body !== undefined) headers["content-type"] ??= "application/json";
  if (spec.form) headers["content-type"] ??= "application/x-www-form-urlencoded";
  const method = spec.method ?? "GET";
  const sent = spec.form
    ? new URLSearchParams(spec.form).toString()
    : spec.body === undefined
      ? undefined
      : JSON.stringify(spec.body);
  // Redirects are not followed: a scenario checks what the server said (an OAuth 302 and its Location).
  const response = await sendPlain(
    `${state.url(spec.server)}${spec.path}`,
    { method, headers, redirect: "manual", signal, ...(sent === undefined ? {} : { body: sent }) },
    fetch,
    ANSWER_BOUNDS,
  );
  const { text } = response;
  if (response.cut === "size")
    throw new StepFailure(
      `${method} ${spec.path} → ${response.status}: the answer is over ${ANSWER_BOUNDS.maxBytes / 1024 / 1024} MiB, more than a step reads; ask for less of it (a filter, a page)`,
    );
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: its text is what the selectors and matchers see.
  }
  // A 401 to a login the runner made before a clock move says why, and where to read what to do.
  const stale = response.status === 401 ? state.staleLogin(spec.server, spec) : undefined;
  const streamed = response.cut === "stream" ? "; an event stream, read up to its first event" : "";
  const seen = `${method} ${spec.path} → ${response.status}${streamed}${stale ? `; ${stale}` : ""}`;
  const expect = step.expect ?? {};
  if (expect.status !== undefined) await check("status", expect.status, response.status, seen);
  for (const [name, wanted] of Object.entries(expect.headers ?? {}))
    await check(`header ${name}`, wanted, response.headers.get(name) ?? undefined, seen);
  await checkBody(expect.body, body, seen);
  await capture(step, { status: response.status, headers: response.headers, body }, state);
  return seen;
}

async function askStep(spec: NonNullable<Step["ask"]>, step: Step, state: RunState): Promise<string> {
  const target = await state.agent(spec.as);
  const transcript = await ask(spec.question, { actions: state.actions, target });
  const seen = `${transcript.action}${Object.keys(transcript.parameters).length ? ` ${JSON.stringify(transcript.parameters)}` : ""}: ${transcript.answer}`;
  const expect = step.expect ?? {};
  if (expect.action !== undefined) await check("action", expect.action, transcript.action, seen);
  for (const [name, wanted] of Object.entries(expect.parameters ?? {}))
    await check(`parameter ${name}`, wanted, transcript.parameters[name], seen);
  if (expect.answer !== undefined) await check("answer", expect.answer, transcript.answer, seen);
  if (expect.followUp !== undefined) await check("follow-up", expect.followUp, transcript.followUp?.question, seen);
  if (expect.refused !== undefined) await check("refused", expect.refused, Boolean(transcript.refused), seen);
  await capture(step, { body: { ...transcript, call: undefined, explanation: undefined } }, state);
  return seen;
}

async function trigger(spec: NonNullable<Step["trigger"]>, step: Step, state: RunState): Promise<string> {
  const { controls } = state.target;
  let answer: unknown;
  if (spec.orderDelivered) answer = await controls.triggerOrderDelivered(spec.orderDelivered);
  else if (spec.transaction) answer = await controls.trigger("transaction", spec.transaction);
  else if (spec.transactionStatus)
    answer = await controls.triggerTransactionStatus(spec.transactionStatus.id, spec.transactionStatus.status);
  await checkBody(step.expect?.body, answer, show(answer));
  await capture(step, { body: answer }, state);
  return show(answer);
}

async function waitFor(
  spec: NonNullable<Step["waitFor"]>,
  step: Step,
  state: RunState,
  signal: AbortSignal,
): Promise<string> {
  const watch = await state.cart(spec.as, signal);
  const wanted = Object.entries(step.expect?.event ?? {});
  const timeout = durationMs(spec.timeout ?? DEFAULT_WAIT);
  // One at a time: a pattern's match takes a worker thread of its own (patterns.ts).
  const problems = async (data: unknown) => {
    const found: [string, string | undefined][] = [];
    for (const [at, expected] of wanted)
      found.push([at, await saying(`event ${at}: `, "", mismatch(expected, select(data, at)))]);
    return found;
  };
  const event = await watch.next(async (data) => (await problems(data)).every(([, problem]) => !problem), timeout);
  if (event === undefined) {
    const last = await problems(watch.last);
    throw new StepFailure(
      `no cart event matched within ${timeout} ms: ${last
        .map(([at, problem]) => `${at} ${problem ?? "matched"}, received ${show(select(watch.last, at))}`)
        .join("; ")}`,
    );
  }
  await capture(step, { body: event }, state);
  return `cart event ${show(event)}`;
}

async function journal(spec: NonNullable<Step["journal"]>, state: RunState): Promise<string> {
  const { entries } = await state.target.controls.journal({ health: false });
  let from = 0;
  const seen: string[] = [];
  for (const wanted of spec.expect) {
    const filter = {
      service: wanted.server,
      method: wanted.method,
      path: wanted.path,
      user: wanted.user ? state.journalUser(wanted.user) : undefined,
      agent: wanted.agent,
      status: wanted.status === undefined ? undefined : String(wanted.status),
    };
    const matches = (entry: JournalEntry) => matchesFilter(entry, filter);
    const pool = spec.inOrder ? entries.slice(from) : entries;
    const found = pool.filter(matches);
    const describe_ = [
      wanted.method ?? "any",
      wanted.server ?? "any server",
      wanted.path ?? "any path",
      ...(wanted.status === undefined ? [] : [String(wanted.status)]),
      ...(wanted.user ? [`for ${wanted.user}`] : []),
      ...(wanted.agent === undefined ? [] : [wanted.agent ? "by the agent" : "not by the agent"]),
    ].join(" ");
    if (wanted.count !== undefined ? found.length !== wanted.count : found.length === 0)
      throw new StepFailure(
        `expected ${wanted.count ?? "at least 1"} of ${describe_}${spec.inOrder ? " after the ones before it" : ""}, received ${found.length} (${journalHeld(entries)})`,
      );
    if (spec.inOrder && found[0]) from = entries.indexOf(found[0]) + 1;
    seen.push(`${describe_} ×${found.length}`);
  }
  return seen.join("; ");
}

/** What the journal holds, for a failed expectation: how many, and the latest five; or that it is empty. */
function journalHeld(entries: readonly JournalEntry[]): string {
  if (entries.length === 0) return "the journal is empty";
  const latest = entries.slice(-5).map((entry) => `${entry.method} ${entry.path} ${entry.status}`);
  return `the journal holds ${entries.length}${entries.length > 5 ? ", the latest" : ""}: ${latest.join(", ")}`;
}
