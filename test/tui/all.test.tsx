// The terminal UI's tests (its screens, and the parts they are made of), run in one process: the sources and
// packages they import load and warm up once instead of once per file (~1.5 s of CPU each through tsx), which
// was most of what they cost. Each file keeps its tests, sandboxes and helpers to itself; none relies on being
// alone in its process. The tests in tmux (terminal, start-ui-terminal) run alone.
import "./action-form.spec.ts";
import "./agent-target.spec.ts";
import "./agent.spec.tsx";
import "./cart-feed.spec.ts";
import "./cart-stream.spec.tsx";
import "./catalog.spec.tsx";
import "./client-only.spec.ts";
import "./follow-sandbox.spec.tsx";
import "./http-client.spec.ts";
import "./identity.spec.tsx";
import "./keys.spec.tsx";
import "./record-replay.spec.tsx";
import "./sandbox.spec.tsx";
import "./sessions.spec.tsx";
import "./sign-in.spec.tsx";
import "./traffic.spec.tsx";
import "./wallet.spec.tsx";
