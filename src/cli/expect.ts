import { Command } from "commander";
import type { ExpectResult } from "../client/controls-client.ts";
import { HEALTH_PATH } from "../contracts/service-routes.ts";
import { TOKEN_PATH } from "../contracts/wallet/oauth.ts";
import { type DemoUser, loadDemoUsers } from "../users.ts";
import { type ConfigFlags, withSandboxOptions } from "./command-config.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";
import { describeFilter, type FilterFlags, journalFilter, wholeNumber, withFilterOptions } from "./journal-filter.ts";
import { journalHeading, journalRow } from "./journal-table.ts";
import { runningControls } from "./running.ts";

interface ExpectFlags extends ConfigFlags, FilterFlags {
  count?: number;
  json?: boolean;
}

export function expectCommand(cli: Cli): Command {
  const command = new Command("expect");
  return withFilterOptions(withSandboxOptions(command), { required: true })
    .option("--count <n>", "exactly n matching requests (0: none); without it, at least one", wholeNumber(0))
    .option("--json", "print the result as JSON (ok, matched, seen, …); the exit code is the same")
    .addHelpText(
      "after",
      helpText({
        notes: [
          "Looks in the request journal (see `sandbox journal`): a request counts once its answer was sent,",
          "so check after the calls you expect have returned. `sandbox journal --clear` between tests",
          "starts each one from nothing. --status counts only the requests answered so (a fault's 503",
          `is not a success); health checks (GET ${HEALTH_PATH}) count only with --health or --path ${HEALTH_PATH}.`,
        ],
        examples: [
          "npx sandbox expect --service storefront --method GET --path /api/agent/orders --user ada@example.com --agent",
          "npx sandbox expect --service storefront --method POST --path /api/cart/items --count 2",
          `npx sandbox expect --service wallet --method POST --path ${TOKEN_PATH} --count 0`,
          "npx sandbox expect --service storefront --method POST --path /api/cart/items --status 2xx --count 3",
        ],
      }),
    )
    .action(async (flags: ExpectFlags) => {
      const controls = await runningControls(flags, cli);
      const users = await loadDemoUsers();
      const result = await controls.expect(journalFilter(flags), flags.count);
      cli.exitCode = result.ok ? 0 : 1;
      if (flags.json) return cli.print(JSON.stringify(result, null, 2));
      if (result.ok) return cli.print(`OK: ${expectation(result, users)}; ${matchedText(result)}.`);
      cli.io.stderr.write(`${report(result, users).join("\n")}\n`);
    });
}

function expectation(result: ExpectResult, users: readonly DemoUser[]): string {
  const count =
    result.expected === undefined
      ? "at least 1 request"
      : `${result.expected} ${result.expected === 1 ? "request" : "requests"}`;
  return `expected ${count}: ${describeFilter(result.filter, users)}`;
}

/** "3 matched, answered 201 ×1, 503 ×2": how many, and with which statuses (of the latest EXPECT_SHOWN). */
function matchedText(result: ExpectResult): string {
  if (result.matched === 0) return "0 matched";
  const counts = new Map<number, number>();
  for (const entry of result.matchedEntries) counts.set(entry.status, (counts.get(entry.status) ?? 0) + 1);
  const statuses = [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status} ×${count}`)
    .join(", ");
  const latest = result.matchedEntries.length < result.matched ? ` (the latest ${result.matchedEntries.length})` : "";
  return `${result.matched} matched, answered ${statuses}${latest}`;
}

/** What a CI log needs to tell what went wrong: the expectation, how many matched, and what the server answered instead. */
function report(result: ExpectResult, users: readonly DemoUser[]): string[] {
  const where = result.filter.service ?? "any server";
  const lines = [`FAILED: ${expectation(result, users)}; ${matchedText(result)}.`];
  if (result.seenTotal === 0)
    return [...lines, `No requests answered by ${where} (since the journal was last cleared).`];
  const shown =
    result.seen.length < result.seenTotal
      ? `the last ${result.seen.length} of ${result.seenTotal}`
      : `all ${result.seenTotal}`;
  return [
    ...lines,
    `Requests answered by ${where} (${shown}, oldest first):`,
    journalHeading(),
    ...result.seen.map((entry) => journalRow(entry, users)),
  ];
}
