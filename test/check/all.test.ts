// The deployment check's tests, run in one process: the sources and packages they import load and warm up once
// instead of once per file (~1.5 s of CPU each through tsx), which was most of what they cost.
// Each file keeps its tests, sandboxes and helpers to itself; none relies on being alone in its process.
import "./actions.spec.ts";
import "./deployment.spec.ts";
import "./expect.spec.ts";
import "./faults.spec.ts";
import "./own-sandbox.spec.ts";
import "./report.spec.ts";
