// What runs in the servers' thread (see server-thread.ts): the sandbox, started with the settings it was sent, and the check of where its data lies.
import { parentPort, workerData } from "node:worker_threads";
import type { SandboxConfig } from "../config/load.ts";
import { SandboxError } from "../errors.ts";
import { startSandbox } from "../sandbox.ts";
import { exposedToGit } from "../store/git-exposure.ts";
import { STOREFRONT_FILE } from "../storefront/store.ts";
import { formatBanner } from "./banner.ts";
import type { ThreadReport } from "./server-thread.ts";

const report = (message: ThreadReport) => parentPort!.postMessage(message);

try {
  const sandbox = await startSandbox(workerData as SandboxConfig, {
    logError: (text) => report({ kind: "log", text }),
  });
  parentPort!.once("message", () => {
    void sandbox
      .close()
      .catch((error: Error) => report({ kind: "log", text: `Closing the sandbox failed: ${error.stack ?? error}` }))
      .finally(() => report({ kind: "closed" }));
  });
  report({ kind: "started", banner: formatBanner(sandbox) });
  if (await exposedToGit(sandbox.dataDir, STOREFRONT_FILE)) {
    report({
      kind: "log",
      text: `Warning: the data dir ${sandbox.dataDir} is inside a git work tree and not ignored: its files hold passwords and tokens. Add it to .gitignore, or choose another with --data-dir.`,
    });
  }
} catch (error) {
  const expected = error instanceof SandboxError && error.expected;
  report({
    kind: "failed",
    expected,
    message: (error as Error)?.message ?? String(error),
    stack: (error as Error)?.stack,
    exitCode: error instanceof SandboxError ? error.exitCode : 1,
  });
}
