#!/usr/bin/env node
// Runs the TypeScript sources directly: tsx registers its loader, so there is no build step.
import { register } from "tsx/esm/api";

register();
const { runCli } = await import("../src/cli/main.ts");
process.exitCode = await runCli(process.argv.slice(2));
