// The HTTP layer's tests, run in one process: the sources and packages they import load and warm up once
// instead of once per file (~1.5 s of CPU each through tsx), which was most of what they cost.
// Each file keeps its tests, sandboxes and helpers to itself; none relies on being alone in its process.
import "./allowed-hosts.spec.ts";
import "./client-error.spec.ts";
import "./close.spec.ts";
import "./conformance.spec.ts";
import "./flat-headers.spec.ts";
import "./live-stream.spec.ts";
import "./lost-answers.spec.ts";
import "./method-not-allowed.spec.ts";
import "./observe.spec.ts";
import "./request-line.spec.ts";
import "./service-app.spec.ts";
import "./service-index.spec.ts";
import "./slow-headers.spec.ts";
import "./stream-share.spec.ts";
