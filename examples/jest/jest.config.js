export default {
  // A sandbox for each test file, as the global `sandbox`; each test starts from its seed.
  testEnvironment: "./sandbox-environment.js",
  setupFilesAfterEnv: ["./reset-before-each.js"],
  // Any limit makes jest run the files on its workers (--maxWorkers) even when an earlier run was
  // fast, instead of one after the other in its own process.
  workerIdleMemoryLimit: "1GB",
  testTimeout: 15_000, // a sandbox's first requests, on a busy CI machine
};
