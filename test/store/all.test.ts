// The data store's tests, run in one process: the sources and packages they import load and warm up once
// instead of once per file (~1.5 s of CPU each through tsx), which was most of what they cost.
// Each file keeps its tests, sandboxes and helpers to itself; none relies on being alone in its process.
import "./data-dir.spec.ts";
import "./git-exposure.spec.ts";
import "./sandbox-data.spec.ts";
import "./seed-fixtures.spec.ts";
import "./store.spec.ts";
