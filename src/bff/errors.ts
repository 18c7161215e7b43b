import { SandboxError } from "../errors.ts";

/** A session store that cannot be used at start (Redis not there, a wrong password): the start stops with one line. */
export function sessionStoreError(message: string): SandboxError {
  return new SandboxError("session_store_unavailable", message, { expected: true });
}

/** --session-store redis://… in an install without the Redis client (an optional peer dependency). */
export const REDIS_NOT_INSTALLED =
  "The redis:// session store needs the Redis client, which is not installed: npm install redis (or choose --session-store memory or file).";
