// The OpenAPI documents' and API reference's tests, run in one process: the sources and packages they import load and warm up once
// instead of once per file (~1.5 s of CPU each through tsx), which was most of what they cost.
// Each file keeps its tests, sandboxes and helpers to itself; none relies on being alone in its process.
import "./answer-checker.spec.ts";
import "./docs-browser.spec.ts";
import "./docs-page.spec.ts";
import "./documents.spec.ts";
import "./drift.spec.ts";
import "./generated-requests.spec.ts";
import "./lint.spec.ts";
