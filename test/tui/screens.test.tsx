// The terminal UI's screen tests, run in one process: ink, React and the UI's modules load once
// instead of once per file (~1.7 s of CPU each through tsx): a tenth of `npm test`'s CPU. Each file
// keeps its tests and helpers to itself; none has file-wide hooks, so they run as they did alone.
import "./agent.screen.tsx";
import "./cart-stream.screen.tsx";
import "./catalog.screen.tsx";
import "./follow-sandbox.screen.tsx";
import "./identity.screen.tsx";
import "./keys.screen.tsx";
import "./sandbox.screen.tsx";
import "./sessions.screen.tsx";
import "./sign-in.screen.tsx";
import "./traffic.screen.tsx";
import "./wallet.screen.tsx";
