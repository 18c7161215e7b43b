import { Command } from "commander";
import { answersHealth } from "../client/health.ts";
import { advertisedServers, serverLines } from "../client/server-lines.ts";
import { HEALTH_PATH } from "../contracts/service-routes.ts";
import { formatSpan } from "../identity/time-span.ts";
import { runningSandbox } from "../sandbox-lock.ts";
import { type ConfigFlags, loadCommandConfig, withSandboxOptions } from "./command-config.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";
import { NOT_RUNNING } from "./running.ts";

export function statusCommand(cli: Cli): Command {
  return withSandboxOptions(new Command("status"))
    .option("--json", "print JSON")
    .addHelpText(
      "after",
      helpText({
        notes: [
          `Exit code: 0 when a sandbox runs and every server answers ${HEALTH_PATH}, ${NOT_RUNNING} when none runs on the`,
          "data dir, 1 when one runs but is not ready (starting, or a server does not answer).",
        ],
        examples: [
          "npx sandbox status",
          "npx sandbox status --json --data-dir /tmp/ci-sandbox",
          "npx sandbox status > /dev/null || npx sandbox start --detach",
        ],
      }),
    )
    .action(async (flags: ConfigFlags & { json?: boolean }) => {
      const { dataDir } = await loadCommandConfig(flags, cli.io);
      const lock = await runningSandbox(dataDir);
      if (!lock) {
        cli.exitCode = NOT_RUNNING;
        return cli.print(
          flags.json ? JSON.stringify({ running: false, dataDir }, null, 2) : `No sandbox runs on ${dataDir}.`,
        );
      }
      const urls = lock.urls ?? {};
      const servers = advertisedServers(urls);
      const answering = await Promise.all(servers.map((server) => answersHealth(server.url)));
      const ready = lock.urls !== undefined && answering.every(Boolean);
      cli.exitCode = ready ? 0 : 1;
      const uptimeMs = Date.now() - Date.parse(lock.startedAt);
      if (flags.json)
        return cli.print(
          JSON.stringify(
            { running: true, ready, pid: lock.pid, startedAt: lock.startedAt, uptimeMs, urls, dataDir },
            null,
            2,
          ),
        );
      cli.print(
        [
          lock.urls === undefined
            ? `Sandbox starting (pid ${lock.pid}, data: ${dataDir}): its servers do not listen yet.`
            : `Sandbox running (pid ${lock.pid}, up ${formatSpan(uptimeMs / 1000)}, data: ${dataDir})`,
          ...(servers.length > 0
            ? [
                "",
                ...serverLines(servers).map((line, index) =>
                  answering[index] ? line : `${line}   (does not answer ${HEALTH_PATH})`,
                ),
              ]
            : []),
        ].join("\n"),
      );
    });
}
