/**
 * Finding a sandbox that runs on a data dir: the lock its runtime holds there names its pid and
 * URLs (src/store/data-dir.ts writes and reads it). Clients (the CLI, the terminal UI, the agent)
 * find a sandbox here, not in the persistence layer.
 */
export { isAlive, type LockInfo, runningSandbox } from "../store/data-dir.ts";
