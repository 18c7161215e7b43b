// The built-in agent's tests, run in one process: the sources and packages they import load and warm up once
// instead of once per file (~1.5 s of CPU each through tsx), which was most of what they cost.
// Each file keeps its tests, sandboxes and helpers to itself; none relies on being alone in its process.
import "./actions.spec.ts";
import "./agent-e2e.spec.ts";
import "./agent-errors.spec.ts";
import "./answers.spec.ts";
import "./examples.spec.ts";
import "./mcp-http.spec.ts";
import "./mcp.spec.ts";
import "./resolver.spec.ts";
import "./write-gate.spec.ts";
