// The CLI's tests, run in one process: the sources and packages they import load and warm up once
// instead of once per file (~1.5 s of CPU each through tsx), which was most of what they cost.
// Each file keeps its tests, sandboxes and helpers to itself; none relies on being alone in its process.
import "./agent-tty.spec.ts";
import "./bin.spec.ts";
import "./clock.spec.ts";
import "./commands.spec.ts";
import "./crash-safety.spec.ts";
import "./data-controls.spec.ts";
import "./detach.spec.ts";
import "./errors.spec.ts";
import "./exec.spec.ts";
import "./fault-answers.spec.ts";
import "./fault.spec.ts";
import "./help.spec.ts";
import "./identity.spec.ts";
import "./init.spec.ts";
import "./journal-har.spec.ts";
import "./journal.spec.ts";
import "./oauth.spec.ts";
import "./openapi.spec.ts";
import "./schema.spec.ts";
import "./start.spec.ts";
import "./ui.spec.ts";
import "./usage.spec.ts";
import "./users.spec.ts";
