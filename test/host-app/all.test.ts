// The host app's tests, run in one process: the sources and packages they import load and warm up once
// instead of once per file (~1.5 s of CPU each through tsx), which was most of what they cost.
// Each file keeps its tests, sandboxes and helpers to itself; none relies on being alone in its process.
import "./embed-ask.spec.ts";
import "./embed-browser.spec.ts";
import "./embed-page.spec.ts";
import "./embed-sessions.spec.ts";
import "./embed-url-browser.spec.ts";
