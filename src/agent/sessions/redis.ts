import { createClient } from "redis";
import type { Clock } from "../../clock.ts";
import type { SessionBackend, SessionStore, Session } from "./session-store.ts";

/** Could not reach or use the Redis server: the message says where and what to do. */
export class SessionStoreError extends Error {
  override name = "SessionStoreError";
}

const PREFIX = "sandbox:session";

/**
 * Sessions in Redis, shared by every sandbox pointed at the same server. Keys are
 * `sandbox:session:<service>:<userId>`, and each lives exactly as long as its token.
 */
export async function redisSessions(url: string, clock: Clock): Promise<SessionBackend> {
  const client = createClient({ url, socket: { connectTimeout: 3000, reconnectStrategy: (retries) => (retries > 5 ? false : 200) } });
  client.on("error", () => {}); // failures surface on the command that meets them
  try {
    await client.connect();
  } catch (error) {
    throw new SessionStoreError(`Cannot connect to Redis at ${redact(url)} (${(error as Error).message}). Start Redis, or choose another --session-store (memory, file).`);
  }
  return {
    kind: "redis",
    namespace(service): SessionStore {
      const key = (userId: string) => `${PREFIX}:${service}:${userId}`;
      return {
        async get(userId) {
          const value = await client.get(key(userId));
          return value ? (JSON.parse(value) as Session) : null;
        },
        async set(userId, session) {
          const ttlMs = session.expiresAt - clock.now().getTime();
          if (ttlMs <= 0) await client.del(key(userId));
          else await client.set(key(userId), JSON.stringify(session), { expiration: { type: "PX", value: ttlMs } });
        },
        async delete(userId) {
          await client.del(key(userId));
        },
      };
    },
    async close() {
      await client.close();
    },
  };
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "the configured URL";
  }
}
