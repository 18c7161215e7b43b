import { Command } from "commander";
import { signInAsApp } from "../agent/as-app.ts";
import { AGENT_TEXTS } from "../agent/errors.ts";
import { OPTIONS, type OptionKey } from "../config/options.ts";
import { EMBED_PATH } from "../contracts/host-app/embed.ts";
import { failWith } from "../errors.ts";
import {
  buildEmbedUrl,
  type EndUser,
  parseEmbedMode,
  resolveEmbedBase,
  resolveEndUser,
  signIdentity,
} from "../identity/index.ts";
import { type LockInfo, runningSandbox } from "../sandbox-lock.ts";
import { loadDemoUsers } from "../users.ts";
import { type ConfigFlags, loadCommandConfig, withSandboxOptions } from "./command-config.ts";
import { CLI_TEXTS } from "./errors.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";

interface EmbedUrlFlags extends ConfigFlags {
  user: string;
  mode: string;
  /** false with --no-identity. */
  identity: boolean;
  session?: string;
  allowUnknownUser?: boolean;
  register?: boolean;
}

export function embedUrlCommand(cli: Cli): Command {
  const command = new Command("embed-url")
    .requiredOption("--user <id|email>", "a demo user's id or email")
    .requiredOption("--mode <mode>", "layout: drawer or launcher")
    .option("--no-identity", "leave out the identity token (a user who is not signed in)")
    .option("--session <id>", "a session id, for previews only")
    .option("--allow-unknown-user", "accept a UUID that is not a demo user's id")
    .option(
      "--register",
      "first sign the user in as the app does after login and register their agent sessions on the running sandbox, so that the chat can answer",
    )
    .option("--embed-base <url>", `base URL of the embed [env EMBED_BASE, default auto: ${EMBED_PATH} on the host app]`)
    .option("--bind <address>", `the host app's address when no sandbox runs on the data dir ${settingNote("bind")}`)
    .option(
      "--host-port <port>",
      `the host app's port when no sandbox runs on the data dir ${settingNote("hostPort")}`,
    );
  return withSandboxOptions(command, { dataDir: "to find a running host app" })
    .addHelpText(
      "after",
      helpText({
        notes: [
          "With the default base (auto), the URL points at the host app of the sandbox running on the",
          "data dir, or else at --bind and --host-port as `sandbox start` would use them.",
          "The identity token lives 10 minutes: build the URL shortly before you open it.",
          "The chat acts for the user with the agent sessions their app registers after login: --register",
          "does that as the app would (on the sandbox running on the data dir), before printing the URL.",
        ],
        examples: [
          "npx sandbox embed-url --user ada@example.com --mode drawer --register",
          "npx sandbox embed-url --user ada@example.com --mode drawer",
          "npx sandbox embed-url --user tunde@example.com --mode launcher --no-identity",
          "npx sandbox embed-url --user ada@example.com --mode drawer --session preview-1 --embed-base https://chat.example.com/embed",
        ],
      }),
    )
    .action(async (flags: EmbedUrlFlags) => {
      const mode = parseEmbedMode(flags.mode);
      if (flags.session !== undefined && flags.session.trim() === "") failWith(CLI_TEXTS.session, { expected: true });
      const config = await loadCommandConfig(flags, cli.io);
      const endUser = resolveEndUser(await loadDemoUsers(), flags.user, { allowUnknown: flags.allowUnknownUser });
      if (flags.register && !flags.identity) failWith(CLI_TEXTS.registerAnonymous, { expected: true });
      const running = config.embedBase === "auto" || flags.register ? await runningSandbox(config.dataDir) : null;
      if (flags.register) await registerAsApp(cli, endUser, running, config.dataDir);
      const base = resolveEmbedBase(config, running?.urls?.host);
      const identity = flags.identity
        ? (
            await signIdentity({
              secret: config.signingSecret,
              subject: endUser.id,
              maxLifetimeSeconds: config.identityMaxLifetime / 1000,
            })
          ).token
        : undefined;
      cli.print(buildEmbedUrl(base, { mode, endUser: endUser.id, identity, session: flags.session?.trim() }));
      // On stderr, so that URL=$(npx sandbox embed-url …) still gets the URL alone.
      if (identity && !flags.register) cli.io.stderr.write(`${registerNote(endUser, flags.session !== undefined)}\n`);
    });
}

/**
 * What the user's app does after login, as `agent ask` does it for the agent: sign in to the
 * storefront and the wallet of the running sandbox and register both agent sessions. Its notes go
 * to stderr.
 */
async function registerAsApp(cli: Cli, endUser: EndUser, running: LockInfo | null, dataDir: string): Promise<void> {
  if (!endUser.user) failWith(CLI_TEXTS.registerUnknownUser, { values: { id: endUser.id }, expected: true });
  if (!running?.urls) failWith(AGENT_TEXTS.noSandbox, { values: { dataDir }, expected: true });
  const { notes } = await signInAsApp(running.urls, endUser.user);
  for (const note of notes) cli.io.stderr.write(`${note}\n`);
}

/** Without --register: how the chat gets the sessions it needs to answer, said before anyone asks. */
function registerNote(endUser: EndUser, preview: boolean): string {
  const who = endUser.user?.name ?? endUser.id;
  const click = preview ? ', or click "Register sessions as the app would" in the chat' : "";
  return `Note: the chat answers about ${who}'s orders, cart and wallet once the app has registered the agent sessions (an app does so after login): run this again with --register${click}.`;
}

/** "[env BIND, default 127.0.0.1]": as `sandbox start --help` says it, from the one options table. */
function settingNote(key: OptionKey): string {
  const option = OPTIONS.find((candidate) => candidate.key === key)!;
  return `[env ${option.env}, default ${option.default}]`;
}
