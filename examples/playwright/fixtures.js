import { test as base, expect } from "@playwright/test";
import { startSandbox } from "agent-commerce-sandbox";

/**
 * The `test` the specs import: a sandbox per worker, back at its seed before each test. The
 * controls (reset, clock, faults, journal) act on the whole sandbox, so workers must not share one.
 */
export const test = base.extend({
  workerSandbox: [
    async ({}, use) => {
      const sandbox = await startSandbox(); // free ports, a temporary data dir
      await use(sandbox);
      await sandbox.close(); // once the worker is done
    },
    { scope: "worker" },
  ],
  sandbox: async ({ workerSandbox }, use) => {
    await workerSandbox.controls.reset(); // every cart empty, no agent sessions
    await workerSandbox.controls.resetClock();
    await workerSandbox.controls.clearFaults();
    await workerSandbox.controls.clearJournal();
    await use(workerSandbox);
  },
});

export { expect };

/** Opens the host app's demo page, signed in as `email`, with the chat in `layout`; answers the chat's frame. */
export async function openChat(page, sandbox, email, layout) {
  const user = sandbox.users.find((each) => each.email === email);
  await page.goto(sandbox.urls.host);
  await page.getByLabel("Signed-in user").selectOption(user.id);
  await page.getByLabel("Chat layout").selectOption(layout);
  // The page signs the user in and registers the agent sessions, as an app does after login, then says so.
  await expect(page.getByRole("status")).toContainText(`Showing the ${layout} chat for ${user.name}`);
  return page.frameLocator("#embed");
}

/** Types a message into the chat and sends it. */
export async function say(chat, text) {
  await chat.getByRole("textbox").fill(text);
  await chat.getByRole("textbox").press("Enter");
}
