// The scenarios' tests, run in one process: the sources and packages they import load and warm up once
// instead of once per file (~1.5 s of CPU each through tsx), which was most of what they cost.
// Each file keeps its tests, sandboxes and helpers to itself; none relies on being alone in its process.
import "./agent-examples.spec.ts";
import "./agent-under-test.spec.ts";
import "./bugs.spec.ts";
import "./descriptors.spec.ts";
import "./fault-answers.spec.ts";
import "./files.spec.ts";
import "./interrupt.spec.ts";
import "./journal-user.spec.ts";
import "./record.spec.ts";
import "./repeat.spec.ts";
import "./run.spec.ts";
import "./running-sandbox.spec.ts";
import "./schedule.spec.ts";
import "./step-types.spec.ts";
import "./timeouts.spec.ts";
import "./user-mcp.spec.ts";
import "./values.spec.ts";
