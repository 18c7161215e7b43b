// The entry of the thread `sandbox start` runs its servers in (src/cli/server-thread.ts), compiled or not, as ./sandbox.js does.
import { importSource } from "./load-source.js";

await importSource("cli/server-thread-body");
