import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The files of a worker share its module state, and so its sandbox (fixtures.js). Leave this
    // out (the default, isolate: true) and each file gets a sandbox of its own instead.
    isolate: false,
    maxWorkers: 2,
    testTimeout: 15_000, // a sandbox's first requests, on a busy CI machine
  },
  resolve: {
    // Only for this folder's link to the package (file:../..): vite then loads it as Node does, as it
    // would from an install. A copy that installs the package drops this.
    preserveSymlinks: true,
  },
});
