import { Command } from "commander";
import type { JournalEntry } from "../contracts/journal/entry.ts";
import { failWith } from "../errors.ts";
import { packagePath } from "../package-files.ts";
import { recordScenario } from "../scenario/record.ts";
import { loadDemoUsers } from "../users.ts";
import { type ConfigFlags, withSandboxOptions } from "./command-config.ts";
import { CLI_TEXTS } from "./errors.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";
import { type FilterFlags, journalFilter, wholeNumber, withFilterOptions } from "./journal-filter.ts";
import { journalHeading, journalRow } from "./journal-table.ts";
import { runningControls } from "./running.ts";

interface JournalFlags extends ConfigFlags, FilterFlags {
  limit?: number;
  follow?: boolean;
  clear?: boolean;
  json?: boolean;
  har?: boolean;
  scenario?: boolean;
}

export function journalCommand(cli: Cli): Command {
  const command = new Command("journal");
  return withFilterOptions(withSandboxOptions(command), { required: false })
    .option("--limit <n>", "only the newest n", wholeNumber(1))
    .option("--follow", "then print each new request as it is answered, until Ctrl-C or the sandbox stops")
    .option("--clear", "empty the whole journal first (alone: just empty it; with --follow: then watch it)")
    .option("--json", "print JSON: an array of entries (with --follow, one entry per line)")
    .option("--har", "print the entries as a HAR 1.2 log (a browser's network panel opens it), secrets masked")
    .option(
      "--scenario",
      `print the entries as a scenario that sandbox run replays (YAML): see ${packagePath("docs/scenarios.md")}`,
    )
    .addHelpText(
      "after",
      helpText({
        notes: [
          "Each server keeps its last --journal-size requests (default 1000), fewer when their bodies pass",
          "--journal-body-memory (default 4MiB); requests to /__sandbox/ are not kept.",
          "An entry holds the time, server, method, path and query, status, duration, end user, whether the",
          "agent sent it, the headers, and the first 16 KiB of each body; passwords, tokens, secrets and",
          "Authorization values show as ***. The table shows times in UTC, on the sandbox clock.",
        ],
        examples: [
          "npx sandbox journal",
          "npx sandbox journal --service storefront --agent --limit 20",
          "npx sandbox journal --user ada@example.com --follow",
          "npx sandbox journal --json | jq '.[] | {method, path, status}'",
          "npx sandbox journal --service storefront --har > session.har",
          "npx sandbox journal --scenario > flow.yaml && npx sandbox run flow.yaml",
          "npx sandbox journal --clear",
        ],
      }),
    )
    .action(async (flags: JournalFlags) => {
      const formats = (["json", "har", "scenario"] as const).filter((format) => flags[format]);
      if (formats.length > 1)
        failWith(CLI_TEXTS.journalFormats, {
          values: { flags: formats.map((format) => `--${format}`).join(" and ") },
          expected: true,
        });
      if (flags.follow && (flags.har || flags.scenario))
        failWith(flags.har ? CLI_TEXTS.harWithFollow : CLI_TEXTS.scenarioWithFollow, { expected: true });
      if (flags.clear && !flags.follow) {
        // The clear is whole; a filter beside it would read as "clear only these".
        const narrowing = (
          ["service", "method", "path", "user", "agent", "status", "health", "limit", "har", "scenario"] as const
        ).filter((flag) => flags[flag] !== undefined);
        if (narrowing.length > 0)
          failWith(CLI_TEXTS.clearNarrowed, {
            values: {
              flags: narrowing.map((flag) => (flags[flag] === false ? `--no-${flag}` : `--${flag}`)).join(", "),
            },
            expected: true,
          });
      }
      const controls = await runningControls(flags, cli);
      if (flags.clear) {
        const { cleared } = await controls.clearJournal();
        if (!flags.follow)
          return cli.print(
            flags.json
              ? JSON.stringify({ cleared })
              : `Cleared the request journal (${cleared} ${cleared === 1 ? "entry" : "entries"}).`,
          );
      }
      const users = await loadDemoUsers();
      const filter = journalFilter(flags);
      if (flags.scenario) {
        const { entries } = await controls.journal({ ...filter, health: false }, { limit: flags.limit });
        const scenario = recordScenario(entries, users, "Recorded session");
        if (!scenario) failWith(CLI_TEXTS.nothingToRecord, { expected: true });
        return cli.print(scenario.trimEnd());
      }
      if (flags.har) {
        return cli.print(JSON.stringify(await controls.journalHar(filter, { limit: flags.limit }), null, 2));
      }
      const list = await controls.journal(filter, { limit: flags.limit });
      const print = (entry: JournalEntry) => cli.print(flags.json ? JSON.stringify(entry) : journalRow(entry, users));
      if (!flags.follow) {
        if (flags.json) return cli.print(JSON.stringify(list.entries, null, 2));
        if (list.entries.length === 0) return cli.print("No requests in the journal match.");
        return cli.print([journalHeading(), ...list.entries.map((entry) => journalRow(entry, users))].join("\n"));
      }
      if (!flags.json) cli.print(journalHeading());
      list.entries.forEach(print);
      const onSkipped = (count: number) => cli.io.stderr.write(`(${count} requests skipped: the output fell behind)\n`);
      await controls.followJournal(filter, { after: list.lastId, onEntry: print, onSkipped, signal: cli.io.stop });
      if (!cli.io.stop?.aborted) cli.io.stderr.write("The sandbox stopped.\n");
    });
}
