// The package's entry for code (`import { startSandbox } from "agent-sandbox"`): like the bin, it
// runs the compiled dist/ when it is current, else the TypeScript sources through tsx.
import { importSource } from "./bin/load-source.js";

export const { startSandbox, ControlsClient, SandboxError } = await importSource("index");
