import type { Clock } from "../../clock.ts";
import { type Session, type SessionBackend, sessionBackend } from "./session-store.ts";

/** Sessions in memory, as the real service keeps them: gone at restart. */
export function memorySessions(clock: Clock): SessionBackend {
  const all = new Map<string, Session>();
  return sessionBackend(
    "memory",
    {
      read: async (key) => all.get(key) ?? null,
      write: async (key, session) => void all.set(key, session),
      remove: async (key) => void all.delete(key),
      async removeAll(prefix) {
        for (const key of all.keys()) if (key.startsWith(prefix)) all.delete(key);
      },
    },
    { now: () => clock.now().getTime(), close: async () => all.clear() },
  );
}
