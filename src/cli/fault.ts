import { Command } from "commander";
import { alignColumns } from "../columns.ts";
import type { FaultSpec } from "../contracts/controls/fault.ts";
import type { Fault } from "../contracts/controls/fault-schemas.ts";
import { TOKEN_PATH } from "../contracts/wallet/oauth.ts";
import { type JsonConfigFlags, withSandboxOptions } from "./command-config.ts";
import { type AnswerFlags, answerSpec, collect } from "./fault-answer-flags.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";
import { runningControls } from "./running.ts";

interface AddFlags extends JsonConfigFlags, AnswerFlags {
  service: string;
  route: string;
  status?: string;
  rate?: string;
  delay?: string;
  times?: string;
  dropStream?: boolean;
}

const DATA_DIR = { dataDir: "where the running sandbox is found" };

export function faultCommand(cli: Cli): Command {
  const fault = new Command("fault").addHelpText(
    "after",
    helpText({
      notes: [
        "A fault belongs to one server and matches requests by method and path: an exact path, or one with * for any",
        "characters (GET /api/* is every GET under /api/). Faults are tried in the order they were added; the first one",
        "that matches and wins its roll (--rate) fires. It answers in the server's own error shape, code injected_fault,",
        "unless it has a --body of its own (with --header, --content-type); --truncate cuts the answer short.",
        "The sandbox's own controls (/__sandbox/) are never faulted. Faults last until cleared, used up or the sandbox stops.",
      ],
      examples: [
        "npx sandbox fault add --service storefront --route 'POST /api/cart/items' --status 503",
        "npx sandbox fault add --service wallet --route 'GET /api/wallet/*' --delay 100ms-2s --rate 0.5",
        "npx sandbox fault add --service storefront --route 'GET /api/cart/stream' --drop-stream --times 3",
        "npx sandbox fault list",
        "npx sandbox fault clear",
      ],
    }),
  );

  withSandboxOptions(fault.command("add"), DATA_DIR)
    .description("Add a fault: an error status, a delay, or both; or cut event streams")
    .requiredOption("--service <name>", "the server: storefront, wallet or host")
    .requiredOption(
      "--route <route>",
      "method and path, such as 'POST /api/cart/items' or 'GET /api/*' (method * for any)",
    )
    .option("--status <code>", "answer this error status (400-599) instead of the route")
    .option("--rate <fraction>", "the chance it fires on a matching request, from 0 to 1 (default: 1)")
    .option(
      "--delay <duration>",
      "wait this long first (2s), or a random time in a range (100ms-2s); alone, the request then goes through",
    )
    .option("--times <n>", "fire this many times, then be gone (default: until cleared)")
    .option("--drop-stream", "cut the route's event streams: the open ones now, new ones right after they open")
    .option("--header <line>", "answer with this header too, as 'Name: value' (repeatable); needs --status", collect)
    .option("--body <text>", "answer this body instead of the server's error (JSON, or text); needs --status")
    .option("--body-file <path>", "answer the file's content (at most 64 KiB), typed by its extension (.html, .json)")
    .option("--content-type <type>", "the body's type (default: JSON if the body parses as JSON, else text/plain)")
    .option(
      "--truncate <bytes>",
      "cut the answer's body to this many bytes: the --body given or, without --status, the route's answer",
    )
    .option("--json", "print the fault as JSON")
    .addHelpText(
      "after",
      helpText({
        notes: [
          `On the wallet's ${TOKEN_PATH}, a fault answers as OAuth does: a 5xx as temporarily_unavailable, a 4xx as 400 invalid_request.`,
        ],
        examples: [
          "npx sandbox fault add --service storefront --route 'POST /api/cart/items' --status 503 --times 3",
          "npx sandbox fault add --service host --route '* /api/agent/*' --status 500 --rate 0.1 --json",
          "npx sandbox fault add --service storefront --route 'GET /api/products' --status 429 --header 'Retry-After: 30'",
          "npx sandbox fault add --service wallet --route 'GET /api/wallet/*' --status 502 --body-file proxy-502.html",
          "npx sandbox fault add --service storefront --route 'GET /api/products' --truncate 100 --times 1",
        ],
      }),
    )
    .action(async (flags: AddFlags) => {
      const spec = { ...toSpec(flags), ...(await answerSpec(flags, cli)) };
      const added = await (await runningControls(flags, cli)).addFault(spec);
      if (flags.json) return cli.print(JSON.stringify(added, null, 2));
      cli.print(addedText(added));
      // One that fired at once (on open streams) and is used up is gone already: nothing to remove.
      const dataDir = flags.dataDir === undefined ? "" : ` --data-dir ${String(flags.dataDir)}`;
      if (added.times !== 0) cli.print(`  (remove it with: npx sandbox fault clear ${added.id}${dataDir})`);
    });

  withSandboxOptions(fault.command("list"), DATA_DIR)
    .description("List the faults in place, in the order they are tried")
    .option("--json", "print JSON")
    .addHelpText("after", helpText({ examples: ["npx sandbox fault list", "npx sandbox fault list --json"] }))
    .action(async (flags: JsonConfigFlags) => {
      const faults = await (await runningControls(flags, cli)).faults();
      if (flags.json) return cli.print(JSON.stringify(faults, null, 2));
      if (faults.length === 0) return cli.print("No faults.");
      const rows = faults.map((one) => [
        one.id,
        one.service,
        one.route,
        describe(one),
        String(one.rate),
        String(one.times ?? "until cleared"),
        String(one.fired),
      ]);
      cli.print(alignColumns([["ID", "SERVICE", "ROUTE", "DOES", "RATE", "TIMES LEFT", "FIRED"], ...rows]).join("\n"));
    });

  withSandboxOptions(fault.command("clear"), DATA_DIR)
    .description("Remove one fault, or every fault")
    .argument("[id]", "the fault to remove (see fault list); none: all")
    .option("--json", "print the removed faults as JSON")
    .addHelpText("after", helpText({ examples: ["npx sandbox fault clear", "npx sandbox fault clear f2"] }))
    .action(async (id: string | undefined, flags: JsonConfigFlags) => {
      const cleared = await (await runningControls(flags, cli)).clearFaults(id);
      if (flags.json) return cli.print(JSON.stringify(cleared, null, 2));
      cli.print(cleared.length === 0 ? "No faults to clear." : `Cleared ${cleared.map((one) => one.id).join(", ")}.`);
    });
  return fault;
}

/** The flags as the control takes them; numbers as numbers, anything else as given, for the sandbox to refuse by name. */
function toSpec(flags: AddFlags): FaultSpec {
  const number = (text: string | undefined) =>
    text !== undefined && /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text;
  return {
    service: flags.service,
    route: flags.route,
    status: number(flags.status),
    rate: number(flags.rate),
    delay: flags.delay,
    times: number(flags.times),
    dropStream: flags.dropStream,
  } as FaultSpec;
}

/**
 * "Added fault f1 on the storefront: POST /api/cart/items answers 503, at rate 0.5, 3 times". A
 * fault that cuts streams acts at once on the matching open ones: the line says on how many,
 * and whether that used it up.
 */
function addedText(added: Fault): string {
  const left =
    added.times === undefined || added.times === 0 ? "" : `${added.times} time${added.times === 1 ? "" : "s"}`;
  const odds = [added.rate < 1 ? `at rate ${added.rate}` : "", added.fired > 0 && left ? `${left} left` : left];
  const line = `Added fault ${added.id} on the ${added.service}: ${added.route} ${describe(added)}${odds
    .filter(Boolean)
    .map((odd) => `, ${odd}`)
    .join("")}`;
  if (added.fired === 0) return line;
  const streams = `${added.fired} open stream${added.fired === 1 ? "" : "s"}`;
  return `${line}. It fired at once on ${streams}${added.times === 0 ? ", and is used up" : ""}.`;
}

/** "answers 503 after 100ms-2s", "waits 2s", "answers 502 (text/html, 80 bytes)", "cuts the answer at 100 bytes", "cuts event streams". */
function describe(fault: Fault): string {
  if (fault.dropStream) return "cuts event streams";
  const own = [
    fault.body === undefined ? "" : `${fault.contentType}, ${Buffer.byteLength(fault.body)} bytes`,
    ...Object.entries(fault.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ].filter(Boolean);
  const answer = fault.status === undefined ? "" : `answers ${fault.status}${own.length ? ` (${own.join("; ")})` : ""}`;
  const delay = fault.delay === undefined ? "" : `${answer ? " after" : "waits"} ${fault.delay}`;
  const cut =
    fault.truncate === undefined
      ? ""
      : answer
        ? `, cut at ${fault.truncate} bytes`
        : `${delay ? ", then " : ""}cuts the route's answer at ${fault.truncate} bytes`;
  return `${answer}${delay}${cut}`;
}
