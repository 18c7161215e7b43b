import { drawLiveEvenInCi } from "../config/draw-live.ts";
import type { SandboxConfig } from "../config/load.ts";
import { launchSandbox } from "../runtime/launch.ts";
import type { Cli } from "./io.ts";
import { stopRequests } from "./stop-requests.ts";
import { endSoonAfterQuit, requireTerminal, tuiSettings } from "./tui-settings.ts";

/**
 * `start --ui`: the servers, then the UI on them in this terminal. Quitting the UI (or a
 * SIGTERM) stops the servers cleanly; what they would print goes to the UI's status bar instead.
 */
export async function startWithUi(cli: Cli, config: SandboxConfig): Promise<void> {
  const terminal = requireTerminal(cli.io, "sandbox start --ui");
  const stop = stopRequests(cli.io);
  // Until the UI is up, a server error waits here; then it is the status bar's last error.
  const early: string[] = [];
  let report = (message: string): void => {
    early.push(message);
  };
  const { sandbox, banner, warnings } = await launchSandbox(config, { logError: (message) => report(message) }).catch(
    (error: unknown) => {
      stop.dispose();
      throw error;
    },
  );
  drawLiveEvenInCi();
  const { createTuiServices, runTui } = await import("../tui/run.tsx");
  // The alternate screen would hide the banner printed before it: the UI's Sandbox screen shows it instead.
  const services = createTuiServices({
    ...(await tuiSettings(config, sandbox.urls, cli.io)),
    banner: `${banner}\n\nq (or Ctrl-C) quits the UI and stops the sandbox.`,
  });
  report = (message) => services.store.reportError(`server: ${message}`);
  for (const message of early) report(message);
  for (const warning of warnings) services.store.reportError(warning);
  const quit = new AbortController();
  void stop.next.then(() => quit.abort());
  try {
    await runTui(services, terminal, quit.signal);
  } finally {
    stop.dispose();
    cli.print("Stopping the sandbox…");
    await sandbox.close();
    cli.print("Stopped.");
    // The data is on disk and the servers closed: nothing left that the shell should wait for.
    endSoonAfterQuit(cli, terminal);
  }
}
