// The wallet's tests, run in one process: the sources and packages they import load and warm up once
// instead of once per file (~1.5 s of CPU each through tsx), which was most of what they cost.
// Each file keeps its tests, sandboxes and helpers to itself; none relies on being alone in its process.
import "./balance-and-auth.spec.ts";
import "./oauth-authorize.spec.ts";
import "./oauth-browser.spec.ts";
import "./oauth-client.spec.ts";
import "./oauth-refused-writes.spec.ts";
import "./oauth-registration.spec.ts";
import "./oauth-token.spec.ts";
import "./transactions.spec.ts";
