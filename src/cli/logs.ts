import { StringDecoder } from "node:string_decoder";
import { Command } from "commander";
import { failWith } from "../errors.ts";
import { sleep, systemTimers } from "../timers.ts";
import { type ConfigFlags, loadCommandConfig, withSandboxOptions } from "./command-config.ts";
import { CLI_TEXTS } from "./errors.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";
import { logFile, readLog } from "./log-file.ts";
import { stopRequests } from "./stop-requests.ts";

/** How often --follow looks for new output. */
export const FOLLOW_INTERVAL_MS = 200;

export function logsCommand(cli: Cli): Command {
  return withSandboxOptions(new Command("logs"))
    .option("-f, --follow", "keep printing what it writes, until Ctrl-C")
    .addHelpText(
      "after",
      helpText({
        notes: ["Each detached start appends to the log, after a line that says when it started."],
        examples: ["npx sandbox logs", "npx sandbox logs --follow --data-dir /tmp/ci-sandbox"],
      }),
    )
    .action(async (flags: ConfigFlags & { follow?: boolean }) => {
      const { dataDir } = await loadCommandConfig(flags, cli.io);
      const path = logFile(dataDir);
      const first = await readLog(path);
      if (!first) failWith(CLI_TEXTS.noLog, { values: { path }, expected: true });
      // A character split between two reads is kept until its last bytes come.
      const decoder = new StringDecoder("utf8");
      cli.io.stdout.write(decoder.write(first.bytes));
      if (!flags.follow) return;
      const stop = stopRequests(cli.io);
      const stopped = new AbortController();
      void stop.next.then(() => stopped.abort());
      try {
        for (let offset = first.end; !stopped.signal.aborted; ) {
          await sleep(cli.io.timers ?? systemTimers, FOLLOW_INTERVAL_MS, stopped.signal);
          const more = await readLog(path, offset);
          if (!more) continue; // removed: wait for the next start to write it again
          cli.io.stdout.write(decoder.write(more.bytes));
          offset = more.end;
        }
      } finally {
        stop.dispose();
      }
    });
}
