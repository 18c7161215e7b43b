import { exitTexts } from "../errors.ts";

/**
 * The agent's failures outside any request (its CLI commands, the MCP server, the UI's Agent
 * screen): what it acts with is not there, or the user's app could not sign in for it. The
 * number is the exit code of the command a failure ends. An answer off its route's contract is
 * the client tier's (CLIENT_TEXTS.offContract).
 */
export const AGENT_ERRORS = {
  sandbox_not_running: 1,
  /** An action calls a server the sandbox does not run (started with --only). */
  service_not_running: 1,
  /** A server refused the sign-in or the agent session that the agent acts with. */
  app_sign_in_failed: 1,
  /** A server did not answer at all. */
  sandbox_unreachable: 1,
} as const;

export const AGENT_TEXTS = exitTexts(AGENT_ERRORS, {
  noSandbox: [
    "sandbox_not_running",
    "No sandbox runs on {dataDir}: start one with npx sandbox start (or point --data-dir at its data dir)",
  ],
  serviceNotRunning: [
    "service_not_running",
    "{action} calls the {service}, which this sandbox does not run (see its --only): nothing was sent",
  ],
  walletNotRunning: [
    "service_not_running",
    "This action needs the wallet, which this sandbox does not run (see its --only): nothing was sent",
  ],
  passwordRefused: [
    "app_sign_in_failed",
    "The {label} at {base} refused the demo password of {email} ({answer}): its data has other users than the demo users (an import?); npx sandbox reset --only {service} brings them back",
  ],
  signInFailed: ["app_sign_in_failed", "Signing {email} in to the {label} at {base} as the app failed: {answer}"],
  sessionRefused: [
    "app_sign_in_failed",
    "Registering the agent session of {email} at the {label} ({base}) failed: {answer}",
  ],
  unreachable: [
    "sandbox_unreachable",
    "The {label} at {base} did not answer ({reason}): is the sandbox still running? npx sandbox status tells",
  ],
});

/** What a caught error says: an Error's message, or the thing thrown as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
