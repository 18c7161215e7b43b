import assert from "node:assert/strict";
import { test } from "node:test";
import type { ServiceClient } from "../../src/client/service-client.ts";
import { SandboxError } from "../../src/errors.ts";
import { agentTargetFor } from "../../src/tui/client/agent-target.ts";
import type { TuiSettings } from "../../src/tui/settings.ts";
import { ADA } from "../helpers/sandbox.ts";

const settings = { urls: {}, serviceToken: "token", walletPrefix: "/api/wallet" } as TuiSettings;
const client = {} as ServiceClient;
const user = { id: ADA.id, email: ADA.email, name: "Ada Okafor" };

/** The UI shows the message; the error says it is the user's to fix, under a code of the UI's table. */
function signInRequired(message: string) {
  return (error: unknown) => {
    assert.ok(error instanceof SandboxError);
    assert.deepEqual(
      [error.code, error.message, error.expected, error.status],
      ["sign_in_required", message, true, undefined],
    );
    return true;
  };
}

test("the agent acts for nobody until someone signs in", () => {
  assert.throws(
    () => agentTargetFor(settings, client, {}, new AbortController().signal),
    signInRequired("Sign in first (key 1)"),
  );
});

test("an action on the wallet needs a wallet login, even with a storefront one", async () => {
  const target = agentTargetFor(settings, client, { storefront: { user, token: "jwt" } }, new AbortController().signal);
  await assert.rejects(target.walletToken(), signInRequired("This action needs a wallet login: sign in first (key 1)"));
});
