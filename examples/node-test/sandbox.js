import { after, beforeEach } from "node:test";
import { startSandbox } from "agent-commerce-sandbox";

/**
 * A sandbox for the test file that calls this, back at its seed before each test. `node --test`
 * runs each file in a process of its own, several at once: each has its own sandbox, since the
 * controls (reset, clock, faults, journal) act on the whole sandbox.
 */
export async function startFileSandbox() {
  const sandbox = await startSandbox(); // free ports, a temporary data dir
  after(() => sandbox.close());
  beforeEach(async () => {
    await sandbox.controls.reset(); // every cart empty, no agent sessions
    await sandbox.controls.resetClock();
    await sandbox.controls.clearFaults();
    await sandbox.controls.clearJournal();
  });
  return sandbox;
}
