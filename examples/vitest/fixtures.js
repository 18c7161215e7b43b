import { startSandbox } from "agent-commerce-sandbox";
import { test as base } from "vitest";

/**
 * The `test` the files import: a sandbox per worker, back at its seed before each test. The
 * controls (reset, clock, faults, journal) act on the whole sandbox, so workers must not share one.
 */
export const test = base.extend({
  workerSandbox: [
    async ({}, use) => {
      const sandbox = await startSandbox(); // free ports, a temporary data dir
      await use(sandbox);
      await sandbox.close(); // once the worker's last file is done
    },
    { scope: "worker" },
  ],
  sandbox: async ({ workerSandbox }, use) => {
    await workerSandbox.controls.reset(); // the seed data: every cart empty, no agent sessions
    await workerSandbox.controls.resetClock();
    await workerSandbox.controls.clearFaults();
    await workerSandbox.controls.clearJournal();
    await use(workerSandbox);
  },
});
