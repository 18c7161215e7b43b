import { beforeEach } from "@jest/globals";

// Every test starts from the seed: the controls act on the whole sandbox, so undo what the last test set.
beforeEach(async () => {
  await sandbox.controls.reset(); // every cart empty, no agent sessions
  await sandbox.controls.resetClock();
  await sandbox.controls.clearFaults();
  await sandbox.controls.clearJournal();
});
