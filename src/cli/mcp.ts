import { resolve } from "node:path";
import { Command } from "commander";
import { loadActions } from "../agent/actions/definition.ts";
import { agentTargets, DEFAULT_ACTIONS_DIR } from "../agent/target.ts";
import { FETCH_BLOCKED_PORTS } from "../config/blocked-ports.ts";
import { failWith, stackOf } from "../errors.ts";
import { IdentityError, resolveEndUser } from "../identity/index.ts";
import { type DemoUser, loadDemoUsers } from "../users.ts";
import { packageVersion } from "../version.ts";
import { type ConfigFlags, loadCommandConfig, withSandboxOptions } from "./command-config.ts";
import { CLI_TEXTS } from "./errors.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";
import { stopRequests } from "./stop-requests.ts";

export function mcpCommand(cli: Cli): Command {
  return withSandboxOptions(new Command("mcp"))
    .option(
      "--user <id|email>",
      "the end user the tools act for, unless a call names end_user_id (default: the first demo user)",
    )
    .option(
      "--http [port]",
      "serve streamable HTTP on 127.0.0.1:<port>/mcp instead of stdio (port 0 or none: a free one)",
    )
    .option(
      "--allowed-hosts <names>",
      "more names the HTTP endpoint answers to, as for `sandbox start` (loopback always works)",
    )
    .option("--actions <dir>", "folder of action definitions", DEFAULT_ACTIONS_DIR)
    .addHelpText(
      "after",
      helpText({
        notes: ["The sandbox must be running. With stdio, an MCP client starts this command itself."],
        examples: [
          "npx sandbox mcp --user ada@example.com",
          "npx sandbox mcp --user ada@example.com --http 8090",
          "claude mcp add sandbox -- npx --no -- sandbox mcp --user ada@example.com",
        ],
      }),
    )
    .action(async (options: ConfigFlags & { user?: string; http?: string | boolean; actions: string }) => {
      // The MCP SDK is loaded only to serve, not for --help.
      const { createMcpServer, serveHttp, serveStdio } = await import("../agent/mcp.ts");
      const actions = await loadActions(resolve(cli.io.cwd, options.actions));
      const config = await loadCommandConfig(options, cli.io);
      const defaultUser = await startingUser(options.user);
      const targets = await agentTargets(config);
      const targetFor = async (endUser: string | undefined) => (await targets(endUser ?? defaultUser.id)).target;
      const version = packageVersion();
      const make = () => createMcpServer({ actions, targetFor, version });
      if (options.http === undefined) {
        await serveStdio(make());
        return;
      }
      const port = options.http === true ? 0 : Number(options.http);
      if (!Number.isInteger(port) || port < 0 || port > 65535 || FETCH_BLOCKED_PORTS.has(port))
        failWith(CLI_TEXTS.httpPort, { values: { given: String(options.http) }, expected: true });
      const onServerError = (error: unknown) => cli.io.stderr.write(`Error on a request: ${stackOf(error)}\n`);
      const http = { port, host: "127.0.0.1", allowedHosts: config.allowedHosts, onServerError };
      // What ends `sandbox start` ends this server too: a signal, or the npm process that started it going away.
      const stop = stopRequests(cli.io);
      const { url, close } = await serveHttp(make, http).catch((error: NodeJS.ErrnoException) => {
        stop.dispose();
        failWith(error.code === "EADDRINUSE" ? CLI_TEXTS.mcpPortBusy : CLI_TEXTS.mcpCannotListen, {
          values: { port, reason: error.code ?? error.message },
          expected: true,
          cause: error,
        });
      });
      cli.io.stderr.write(
        `MCP (streamable HTTP) at ${url}: ${actions.length} tools, acting for ${defaultUser.name} unless a call names end_user_id. Ctrl-C to stop.\n`,
      );
      const reason = await stop.next;
      cli.io.stderr.write(`${reason}: stopping the MCP server.\n`);
      await close();
    });
}

/**
 * The user the tools act for when a call names none: --user, checked before serving (an MCP
 * client would otherwise meet the mistake on every call), or else the first demo user.
 */
async function startingUser(given: string | undefined): Promise<DemoUser> {
  const users = await loadDemoUsers();
  if (given === undefined) return users[0]!;
  try {
    return resolveEndUser(users, given).user!;
  } catch (error) {
    if (error instanceof IdentityError)
      failWith(CLI_TEXTS.mcpUser, { values: { reason: error.message }, expected: true, cause: error });
    throw error;
  }
}
