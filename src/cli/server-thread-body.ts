// What runs in the servers' thread (see server-thread.ts): the sandbox, launched with the settings it was sent.
import { parentPort, workerData } from "node:worker_threads";
import type { SandboxConfig } from "../config/load.ts";
import { SandboxError } from "../errors.ts";
import { launchSandbox } from "../runtime/launch.ts";
import type { ThreadReport } from "./server-thread.ts";

const report = (message: ThreadReport) => parentPort!.postMessage(message);

try {
  const { banner, warnings, close } = await launchSandbox(workerData as SandboxConfig, {
    logError: (text) => report({ kind: "log", text }),
  });
  parentPort!.once("message", () => {
    void close()
      .catch((error: Error) => report({ kind: "log", text: `Closing the sandbox failed: ${error.stack ?? error}` }))
      .finally(() => report({ kind: "closed" }));
  });
  report({ kind: "started", banner });
  for (const text of warnings) report({ kind: "log", text });
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
