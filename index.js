// The package's entry for code (`import { startSandbox } from "agent-sandbox"`): like the bin, it
// runs the TypeScript sources through tsx's loader, so there is no build step.
import { register } from "tsx/esm/api";

register();
export const { startSandbox, ControlsClient, SandboxError } = await import("./src/index.ts");
