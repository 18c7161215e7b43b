// Preloaded (--require) into each CLI run the bench times: at exit, the process's peak resident
// memory (kB) goes to file descriptor 3, which the bench reads. CommonJS, so that it costs the
// run next to nothing (an ES module would start the ESM loader even for `node -e 0`).
const { writeSync } = require("node:fs");

process.on("exit", () => {
  try {
    writeSync(3, String(process.resourceUsage().maxRSS));
  } catch {
    // Not started by the bench: nothing reads it.
  }
});
