// The CLI as a program: `bin/sandbox.js` runs the build of this file (dist/cli.js),
// `npm run dev` runs it from the sources through tsx.
import { runCli } from "./main.ts";

process.exitCode = await runCli(process.argv.slice(2));
