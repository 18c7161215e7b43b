import type { SessionBackend, SessionStore, Session } from "./session-store.ts";

/** Sessions in memory, as the reference service keeps them: gone at restart. */
export function memorySessions(): SessionBackend {
  const all = new Map<string, Session>();
  return {
    kind: "memory",
    namespace(service): SessionStore {
      const key = (userId: string) => `${service}:${userId}`;
      return {
        get: async (userId) => all.get(key(userId)) ?? null,
        set: async (userId, session) => void all.set(key(userId), session),
        delete: async (userId) => void all.delete(key(userId)),
      };
    },
    close: async () => all.clear(),
  };
}
