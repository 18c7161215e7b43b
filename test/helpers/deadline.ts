import type { Server } from "node:http";

type Hooks = { after(fn: () => unknown): void };

/** What a cleanup may take: a sandbox closes its servers within 2 s and then flushes its files. */
export const CLEANUP_MS = 10_000;

/** Settles as the promise does, or rejects after `ms`: no wait in a test or a cleanup goes without a bound. */
export async function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `close` when the test ends; a close that hangs fails the hook after CLEANUP_MS instead of holding the file open. */
export function closeWhenDone(t: Hooks, what: string, close: () => Promise<unknown>): void {
  t.after(() => withDeadline(close(), CLEANUP_MS, what));
}

/** Closes a node:http server of a test, cutting the connections a client keeps alive, which close() would wait for. */
export function closeServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return closed;
}
