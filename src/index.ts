/**
 * The package's entry: `import { startSandbox } from "agent-sandbox"` starts the three servers in
 * this process on free ports, for a test suite that wants its own sandbox (src/runtime/start-sandbox.ts).
 */
export { ControlsClient } from "./client/controls-client.ts";
export { SandboxError } from "./errors.ts";
export {
  type SandboxUrls,
  type ServiceList,
  type StartedSandbox,
  type StartedServices,
  type StartSandboxOptions,
  startSandbox,
} from "./runtime/start-sandbox.ts";

import type { DemoUser } from "./users.ts";

export type { DemoUser };
