// The sandbox controls' tests, run in one process: the sources and packages they import load and warm up once
// instead of once per file (~1.5 s of CPU each through tsx), which was most of what they cost.
// Each file keeps its tests, sandboxes and helpers to itself; none relies on being alone in its process.
import "./access.spec.ts";
import "./answers-in-slices.spec.ts";
import "./clock.spec.ts";
import "./export-import.spec.ts";
import "./fault-answers.spec.ts";
import "./fault-streams.spec.ts";
import "./fault-hints.spec.ts";
import "./faults.spec.ts";
import "./health.spec.ts";
import "./import-rules.spec.ts";
import "./journal-carriers.spec.ts";
import "./journal-encodings.spec.ts";
import "./journal-redaction.spec.ts";
import "./journal-user-filter.spec.ts";
import "./journal-window.spec.ts";
import "./journal.spec.ts";
import "./mask-rule.spec.ts";
import "./reset.spec.ts";
import "./triggers.spec.ts";
import "./web-pages.spec.ts";
