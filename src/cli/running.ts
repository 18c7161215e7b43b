import { AGENT_TEXTS } from "../agent/errors.ts";
import { ControlsClient } from "../client/controls-client.ts";
import { failWith } from "../errors.ts";
import { runningSandbox } from "../sandbox-lock.ts";
import { type ConfigFlags, loadCommandConfig } from "./command-config.ts";
import type { Cli } from "./io.ts";

/** The exit code of `status` and `stop` when no sandbox runs on the data dir (as init scripts' `status` answers it). */
export const NOT_RUNNING = 3;

/** The controls of the sandbox running on the data dir the flags name (found through its lock, as every command finds it). */
export async function runningControls(flags: ConfigFlags, cli: Cli): Promise<ControlsClient> {
  const config = await loadCommandConfig(flags, cli.io);
  const running = await runningSandbox(config.dataDir);
  const url = running?.urls && Object.values(running.urls)[0];
  // The agent's text: the same failure, found the same way.
  if (!url) failWith(AGENT_TEXTS.noSandbox, { values: { dataDir: config.dataDir }, expected: true });
  return new ControlsClient(url, config.controlToken);
}
