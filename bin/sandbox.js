#!/usr/bin/env node
// Runs the CLI: the compiled dist/ when it is current, else the TypeScript sources through tsx (./load-source.js).
import { importSource } from "./load-source.js";

const { runCli } = await importSource("cli/main");
process.exitCode = await runCli(process.argv.slice(2));
