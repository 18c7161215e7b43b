// The terminal UI's screen tests, run in one process: the sources and packages they import load and warm up once
// instead of once per file (~1.5 s of CPU each through tsx), which was most of what they cost.
// Each file keeps its tests, sandboxes and helpers to itself; none relies on being alone in its process.
import "./agent.spec.tsx";
import "./record-replay.spec.tsx";
import "./cart-stream.spec.tsx";
import "./catalog.spec.tsx";
import "./follow-sandbox.spec.tsx";
import "./identity.spec.tsx";
import "./keys.spec.tsx";
import "./sandbox.spec.tsx";
import "./sessions.spec.tsx";
import "./sign-in.spec.tsx";
import "./traffic.spec.tsx";
import "./wallet.spec.tsx";
