import { randomBytes } from "node:crypto";
import { ControlsClient } from "../client/controls-client.ts";
import { startSandbox } from "../runtime/start-sandbox.ts";
import type { CheckTarget } from "./target.ts";

/** Nothing is ever sent here: the checks read the redirect's Location. */
const REDIRECT_URI = "http://127.0.0.1/sandbox-check/callback";

/**
 * A sandbox of the checker's own, in this process, on free ports with a temporary data dir:
 * its demo users, its service token and an OAuth client registered for the run.
 */
export async function startOwnSandbox(
  walletPrefix: string,
  logError: (message: string) => void,
): Promise<{ target: CheckTarget; close(): Promise<void> }> {
  const sandbox = await startSandbox({ settings: { walletPrefix }, logError });
  try {
    const [user, secondUser] = sandbox.users;
    const client = await new ControlsClient(sandbox.urls.wallet!, sandbox.secrets.controlToken).addOauthClient({
      name: `sandbox check ${randomBytes(4).toString("hex")}`,
      redirectUris: [REDIRECT_URI],
    });
    return {
      target: {
        urls: sandbox.urls,
        walletPrefix,
        user,
        secondUser,
        serviceToken: sandbox.secrets.bffServiceToken,
        oauthClient: { id: client.id, secret: client.secret, redirectUri: REDIRECT_URI },
        own: true,
      },
      close: () => sandbox.close(),
    };
  } catch (error) {
    await sandbox.close();
    throw error;
  }
}
