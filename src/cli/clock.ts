import { Command, Option } from "commander";
import type { ClockState } from "../contracts/controls/schemas.ts";
import { formatSpan } from "../identity/time-span.ts";
import { type ConfigFlags, withSandboxOptions } from "./command-config.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";
import { runningControls } from "./running.ts";

interface ClockFlags extends ConfigFlags {
  advance?: string;
  set?: string;
  reset?: boolean;
  json?: boolean;
}

export function clockCommand(cli: Cli): Command {
  return withSandboxOptions(new Command("clock"), { dataDir: "where the running sandbox is found" })
    .addOption(new Option("--advance <duration>", "move it forward: 90s, 15m, 25h, 8d").conflicts(["set", "reset"]))
    .addOption(
      new Option(
        "--set <time>",
        "move it to an ISO 8601 time, past or future (UTC unless it carries an offset)",
      ).conflicts("reset"),
    )
    .option("--reset", "back to the system time")
    .option("--json", "print JSON: {now, offsetMs}")
    .addHelpText(
      "after",
      helpText({
        notes: [
          "Acts on the sandbox running on the data dir. A moved clock keeps running from where it was put; it is on",
          "the system time again at every start. Tokens signed before it moved keep their expiry time, so moving it",
          "forward past that expires them (open event streams close); moving it back refuses them as issued in the future.",
        ],
        examples: [
          "npx sandbox clock",
          "npx sandbox clock --advance 25h",
          "npx sandbox clock --set 2030-01-01T09:00:00Z --json",
          "npx sandbox clock --reset",
        ],
      }),
    )
    .action(async (flags: ClockFlags) => {
      const controls = await runningControls(flags, cli);
      const state =
        flags.advance !== undefined
          ? await controls.advanceClock(flags.advance)
          : flags.set !== undefined
            ? await controls.setClock(flags.set)
            : flags.reset
              ? await controls.resetClock()
              : await controls.clock();
      cli.print(flags.json ? JSON.stringify(state, null, 2) : describeClock(state));
    });
}

/** "Sandbox clock: 2030-01-01T09:00:00.000Z (1d 1h ahead of the system time)". */
function describeClock({ now, offsetMs }: ClockState): string {
  const offset =
    offsetMs === 0
      ? "on the system time"
      : `${formatSpan(Math.abs(offsetMs) / 1000)} ${offsetMs > 0 ? "ahead of" : "behind"} the system time`;
  return `Sandbox clock: ${now} (${offset})`;
}
