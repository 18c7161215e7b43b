import type { EmbedMode } from "../../contracts/host-app/embed.ts";
import { shellWord } from "../../shell-word.ts";
import type { DemoUser } from "../../users.ts";

/** The commands the chat shows when it has no register button of its own: each registers the user's agent sessions as the app would. */
export interface RegisterSteps {
  /** Signs the user in as the app does after login, registers both agent sessions, and prints a new embed URL. */
  registerCommand: string;
  /** The terminal UI on this sandbox, whose Sign in and Sessions screens do the same by hand. */
  uiCommand: string;
}

/**
 * The steps for a chat opened without a `session` (a URL such as `sandbox embed-url` prints without
 * --session): the embed itself never registers sessions there, so it names the command that does,
 * for this user and mode on this sandbox's data dir (from any working directory).
 */
export function registerSteps(user: DemoUser, mode: EmbedMode, dataDir: string): RegisterSteps {
  const dir = shellWord(dataDir);
  return {
    registerCommand: `npx sandbox embed-url --user ${shellWord(user.email)} --mode ${mode} --register --data-dir ${dir}`,
    uiCommand: `npx sandbox ui --data-dir ${dir}`,
  };
}
