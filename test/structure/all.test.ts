// The repository's structure checks, run in one process: the sources and packages they import load and warm up once
// instead of once per file (~1.5 s of CPU each through tsx), which was most of what they cost.
// Each file keeps its tests, sandboxes and helpers to itself; none relies on being alone in its process.
import "./layers.spec.ts";
import "./npx-names.spec.ts";
import "./one-login.spec.ts";
import "./shipped-references.spec.ts";
import "./test-groups.spec.ts";
import "./typed-contracts.spec.ts";
import "./typed-urls.spec.ts";
import "./one-client.spec.ts";
