import { setTimeout as sleep } from "node:timers/promises";
import { Command } from "commander";
import { errnoCode, failWith } from "../errors.ts";
import { isAlive, runningSandbox } from "../sandbox-lock.ts";
import { type ConfigFlags, loadCommandConfig, withSandboxOptions } from "./command-config.ts";
import { CLI_TEXTS } from "./errors.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";
import { NOT_RUNNING } from "./running.ts";

/** How long a stop waits for the sandbox to finish its writes and exit. */
const STOP_WITHIN_MS = 10_000;
const POLL_MS = 50;

export function stopCommand(cli: Cli): Command {
  return withSandboxOptions(new Command("stop"))
    .addHelpText(
      "after",
      helpText({
        notes: [
          `Exit code: 0 once it has stopped, ${NOT_RUNNING} when no sandbox runs on the data dir (a second stop),`,
          `1 when it did not exit within ${STOP_WITHIN_MS / 1000} s.`,
        ],
        examples: [
          "npx sandbox stop",
          "npx sandbox stop --data-dir /tmp/ci-sandbox",
          `npx sandbox stop || [ $? -eq ${NOT_RUNNING} ]      # stopped, or was not running`,
        ],
      }),
    )
    .action(async (flags: ConfigFlags) => {
      const { dataDir } = await loadCommandConfig(flags, cli.io);
      const lock = await runningSandbox(dataDir);
      if (!lock) {
        cli.exitCode = NOT_RUNNING;
        return cli.print(`No sandbox runs on ${dataDir}.`);
      }
      const { pid } = lock;
      try {
        process.kill(pid, "SIGTERM");
      } catch (error) {
        if (errnoCode(error) === "EPERM") failWith(CLI_TEXTS.otherUser, { values: { dataDir, pid }, expected: true });
        // ESRCH: it ended on its own just now.
      }
      // It releases the lock as the last step of its close, then exits: once it is gone, a new start may take the dir.
      const deadline = Date.now() + STOP_WITHIN_MS;
      while (isAlive(pid)) {
        if (Date.now() > deadline)
          failWith(CLI_TEXTS.notStopped, { values: { pid, seconds: STOP_WITHIN_MS / 1000, dataDir }, expected: true });
        await sleep(POLL_MS);
      }
      cli.print(`Stopped the sandbox (pid ${pid}, data: ${dataDir}).`);
    });
}
