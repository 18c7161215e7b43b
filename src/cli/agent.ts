import { resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import { Command } from "commander";
import { ActionInputError } from "../agent/actions/build-request.ts";
import { callAction } from "../agent/actions/call.ts";
import { type ActionDefinition, loadActions } from "../agent/actions/definition.ts";
import { answerLine, targetClock } from "../agent/answer.ts";
import type { Transcript } from "../agent/ask.ts";
import { explicitCall } from "../agent/gate/grant.ts";
import type { Explanation } from "../agent/resolver/score.ts";
import { agentTargets, DEFAULT_ACTIONS_DIR } from "../agent/target.ts";
import { alignColumns } from "../columns.ts";
import { failWith } from "../errors.ts";
import { type ConfigFlags, loadCommandConfig, withSandboxOptions } from "./command-config.ts";
import { CLI_TEXTS } from "./errors.ts";
import { helpText } from "./help-text.ts";
import type { Cli, CliIo } from "./io.ts";

interface Common extends ConfigFlags {
  user: string;
  actions: string;
  json?: boolean;
  verbose?: boolean;
}

export function agentCommand(cli: Cli): Command {
  const agent = new Command("agent").addHelpText(
    "after",
    helpText({
      examples: [
        "npx sandbox agent actions",
        'npx sandbox agent ask "How much did I spend this month?" --user ada@example.com',
        "npx sandbox agent call search_products --param query=rice --user ada@example.com",
      ],
    }),
  );

  agent
    .command("actions")
    .description("List the actions the agent can call, with their parameters")
    .option("--actions <dir>", "folder of action definitions", DEFAULT_ACTIONS_DIR)
    .option("--json", "print the definitions as JSON")
    .addHelpText(
      "after",
      helpText({
        examples: ["npx sandbox agent actions", "npx sandbox agent actions --actions ./my-actions --json"],
      }),
    )
    .action(async (options: { actions: string; json?: boolean }) => {
      const actions = await loadActions(resolve(cli.io.cwd, options.actions));
      if (options.json) return cli.print(JSON.stringify(actions, null, 2));
      cli.print(
        alignColumns([
          ["ACTION", "CALLS", "PARAMETERS"],
          ...actions.map((action) => [
            action.name,
            `${action.method} ${action.service} ${action.url}`,
            describeParameters(action),
          ]),
        ]).join("\n"),
      );
    });

  withCommon(agent.command("call"))
    .description("Call one action with the parameters given, as the agent, for a demo user")
    .argument("<action>", "the action's name (see agent actions)")
    .option(
      "--param <name=value>",
      "a parameter (repeat); JSON values such as 3 or true keep their type",
      (pair: string, all: string[]) => [...all, pair],
      Array.of<string>(),
    )
    .addHelpText(
      "after",
      helpText({
        examples: [
          "npx sandbox agent call get_orders --user ada@example.com",
          "npx sandbox agent call add_to_cart --param product_id=ofada-rice-5kg --param quantity=2 --user ada@example.com --json",
        ],
      }),
    )
    .action(async (name: string, options: Common & { param: string[] }) => {
      const action = (await loadActions(resolve(cli.io.cwd, options.actions))).find(
        (candidate) => candidate.name === name,
      );
      if (!action) failWith(CLI_TEXTS.noAction, { values: { name }, expected: true });
      const { target, notes } = await (await agentTargets(await loadCommandConfig(options, cli.io)))(options.user);
      try {
        const parameters = parseParams(options.param);
        const call = await callAction(action, parameters, target, explicitCall(action, parameters));
        const shown = options.verbose ? notes : [];
        const answer = answerLine(
          call,
          undefined,
          await loadActions(resolve(cli.io.cwd, options.actions)),
          await targetClock(target),
        );
        output(cli, options.json, { ...(options.verbose ? { notes } : {}), call, answer }, () => [
          ...shown,
          ...callLines(call),
          `= ${answer}`,
        ]);
        if (call.response.status >= 400) cli.exitCode = 1;
      } catch (error) {
        if (error instanceof ActionInputError)
          failWith(CLI_TEXTS.actionInput, { values: { reason: error.message }, expected: true });
        throw error;
      }
    });

  withCommon(agent.command("ask"))
    .description("Ask in plain English: the built-in agent picks the action and its parameters, without any model")
    .argument("<question>", "the question, in quotes")
    .option(
      "--answer <text>",
      "the answer to a follow-up question, for scripts (repeat for several; on a terminal you are asked)",
      (text: string, all: string[] | undefined) => [...(all ?? []), text],
    )
    .option("--explain", "say why: the phrases matched, the scores, the runner-up and where each value came from")
    .option(
      "--time-zone <zone>",
      "the user's time zone, for dates such as yesterday or in October (default: this system's)",
    )
    .addHelpText(
      "after",
      helpText({
        examples: [
          'npx sandbox agent ask "What came in last week?" --user ada@example.com',
          'npx sandbox agent ask "Did my transfer go through?" --user ada@example.com --answer txn_ada_0002',
          'npx sandbox agent ask "Add two bags of ofada rice" --user tunde@example.com --json',
          'npx sandbox agent ask "show my transactions from October" --user ada@example.com --explain',
        ],
      }),
    )
    .action(async (question: string, options: Common & { answer?: string[]; explain?: boolean; timeZone?: string }) => {
      if (options.timeZone && !validTimeZone(options.timeZone))
        failWith(CLI_TEXTS.timeZone, { values: { value: options.timeZone }, expected: true });
      if (question.trim() === "") failWith(CLI_TEXTS.noQuestion, { expected: true });
      // The resolver (and its date parser) is loaded only to answer a question, not for actions or call.
      const { ask } = await import("../agent/ask.ts");
      const actions = await loadActions(resolve(cli.io.cwd, options.actions));
      const { target, notes } = await (await agentTargets(await loadCommandConfig(options, cli.io)))(options.user);
      const transcript = await ask(question, {
        actions,
        target,
        reply: replier(options.answer, cli.io),
        timeZone: options.timeZone,
      });
      const { explanation, ...rest } = transcript;
      const shown = options.verbose ? notes : [];
      output(
        cli,
        options.json,
        { ...(options.verbose ? { notes } : {}), ...rest, ...(options.explain ? { explanation } : {}) },
        () => [
          ...transcriptLines(shown, transcript),
          ...(options.explain && explanation ? explainLines(transcript, explanation) : []),
        ],
      );
      // Scripts can tell: 0 only when a call was made and answered without an error, or no call was needed (a refusal sends nothing).
      if (!transcript.answered && (!transcript.call || transcript.call.response.status >= 400)) cli.exitCode = 1;
    });
  return agent;
}

function withCommon(command: Command): Command {
  return withSandboxOptions(command)
    .requiredOption("--user <id|email>", "the demo user the agent acts for")
    .option("--actions <dir>", "folder of action definitions", DEFAULT_ACTIONS_DIR)
    .option("--json", "print the transcript as JSON")
    .option("--verbose", "also say what was done as the user's app first (sign-ins, agent sessions)");
}

/** --answer in scripts (each follow-up takes the next one); on a terminal, a prompt; otherwise no answer (the transcript says what is needed). */
function replier(answers: string[] | undefined, io: CliIo): (question: string) => Promise<string | undefined> {
  const queue = [...(answers ?? [])];
  return async (question) => {
    if (answers !== undefined) return queue.shift();
    if (!io.stdin?.isTTY) return undefined;
    // No output stream for readline: the terminal echoes what is typed, and the prompt goes through the io.
    const prompt = createInterface({ input: io.stdin });
    io.stdout.write(`${question} `);
    try {
      return await prompt.question("");
    } finally {
      prompt.close();
    }
  };
}

function parseParams(pairs: string[]): Record<string, unknown> {
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf("=");
      if (at < 1) failWith(CLI_TEXTS.param, { values: { pair }, expected: true });
      const raw = pair.slice(at + 1);
      let value: unknown = raw;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (typeof parsed !== "object" || parsed === null) value = parsed;
      } catch {}
      return [pair.slice(0, at), value];
    }),
  );
}

function describeParameters(action: ActionDefinition): string {
  const required = new Set(action.parameters.required ?? []);
  return (
    Object.entries(action.parameters.properties)
      .map(
        ([name, schema]) =>
          `${name}${required.has(name) ? "" : "?"}: ${schema.enum ? (schema.enum as string[]).join("|") : schema.type}`,
      )
      .join(", ") || "(none)"
  );
}

function callLines(call: NonNullable<Transcript["call"]>, kind: "request" | "read" = "request"): string[] {
  const headers = Object.entries(call.request.headers).map(([name, value]) => `          ${name}: ${value}`);
  const body = JSON.stringify(call.response.body);
  return [
    `→ ${kind.padEnd(7)} ${call.request.method} ${call.request.url}`,
    ...headers,
    ...(call.request.body !== undefined ? [`          ${JSON.stringify(call.request.body)}`] : []),
    `← ${call.response.status}     ${body.length > 300 ? `${body.slice(0, 300)}…` : body}`,
  ];
}

function transcriptLines(notes: string[], transcript: Transcript): string[] {
  return [
    `? ${transcript.question}`,
    ...(transcript.followUps ?? []).flatMap((followUp) => [
      `? ${followUp.question}`,
      ...(followUp.answer !== undefined ? [`> ${followUp.answer}`] : []),
    ]),
    transcript.refused
      ? "→ refused (nothing was sent)"
      : transcript.answered
        ? `→ no call: ${transcript.answered} (${transcript.checks ? "only reads were sent" : "nothing was sent"})`
        : `→ action  ${transcript.action} ${JSON.stringify(transcript.parameters)}${datesNote(transcript)}`,
    ...notes,
    ...(transcript.checks ?? []).flatMap((check) => callLines(check, "read")),
    ...(transcript.call ? callLines(transcript.call) : []),
    `= ${transcript.answer}${pendingFollowUp(transcript) ? " (answer with --answer)" : ""}`,
  ];
}

/** A follow-up left unanswered: the CLI says how to answer it in a script. */
function pendingFollowUp(transcript: Transcript): boolean {
  const last = transcript.followUps?.[transcript.followUps.length - 1];
  return last !== undefined && last.answer === undefined;
}

/** Days read from the question are the user's days: say in which time zone. */
function datesNote(transcript: Transcript): string {
  const dated = transcript.explanation?.values.some((value) => value.because.includes(", a day in "));
  return dated ? `  (days in ${transcript.explanation?.timeZone})` : "";
}

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Why the resolver chose as it did: typos fixed, the scores, the runner-up, and where each value came from. */
function explainLines(transcript: Transcript, explanation: Explanation): string[] {
  const [chosen, runnerUp] = explanation.candidates.filter((candidate) => !candidate.excluded);
  const scored = (candidate: Explanation["candidates"][number]) =>
    `${candidate.action} ${candidate.score} (${candidate.matched.join(", ")})`;
  return [
    "why",
    ...(explanation.typos.length > 0 ? [`  typos     ${explanation.typos.join(", ")}`] : []),
    ...(explanation.rule ? [`  rule      ${explanation.rule}`] : []),
    ...(chosen && !transcript.refused ? [`  chosen    ${scored(chosen)}`] : []),
    ...(transcript.refused
      ? [`  best      ${chosen ? scored(chosen) : "no action matched anything"}`]
      : [`  runner-up ${runnerUp ? scored(runnerUp) : "none"}`]),
    ...explanation.candidates
      .filter((candidate) => candidate.excluded)
      .map((candidate) => `  left out  ${candidate.action} ${candidate.score}: ${candidate.excluded}`),
    ...(explanation.gate ?? []).map((line) => `  ${line}`),
    ...explanation.values.map(
      (value) =>
        `  value     ${value.parameter}=${value.value === undefined ? "?" : JSON.stringify(value.value)} (${value.because})`,
    ),
    `  dates in  ${explanation.timeZone}`,
  ];
}

function output(cli: Cli, json: boolean | undefined, data: unknown, lines: () => string[]): void {
  cli.print(json ? JSON.stringify(data, null, 2) : lines().join("\n"));
}
