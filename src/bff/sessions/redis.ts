import { createClient } from "redis";
import type { Clock } from "../../clock.ts";
import { STORAGE_TEXTS } from "../../contracts/storage-errors.ts";
import { messageOf } from "../../errors.ts";
import { isJsonObject, parseJson } from "../../json-text.ts";
import { storageUnavailable } from "../../store/errors.ts";
import { sessionStoreError } from "../errors.ts";
import { SESSION_RETENTION_MS, type Session, type SessionBackend, sessionBackend } from "./session-store.ts";

const PREFIX = "sandbox:session";

/**
 * Sessions in Redis, shared by every sandbox pointed at the same server. Keys are
 * `sandbox:session:<service>:<userId>`, and each lives as long as its token and the retention after it. The
 * server is checked (PING, which also proves the password) at start; later, while it is away,
 * session operations answer 503 at once instead of waiting, and work again once it is back.
 */
export async function redisSessions(url: string, clock: Clock): Promise<SessionBackend> {
  let started = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    // At start a server that is not there is an error; once running, it is waited for, forever.
    socket: {
      connectTimeout: 3000,
      reconnectStrategy: (retries, cause) => (started ? Math.min(100 * 2 ** retries, 2000) : retries < 2 ? 200 : cause),
    },
  });
  client.on("error", () => {}); // failures surface on the command that meets them
  try {
    await client.connect();
    await client.ping();
    started = true;
  } catch (error) {
    if (client.isOpen) client.destroy();
    throw sessionStoreError(
      `Cannot use Redis at ${redact(url)} (${messageOf(error)}). Start Redis, fix the URL (redis://:password@host:port), or choose another --session-store (memory, file).`,
    );
  }
  const guarded = async <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      return await operation();
    } catch (error) {
      throw storageUnavailable(STORAGE_TEXTS.redisSilent, { url: redact(url), reason: messageOf(error) }, error);
    }
  };
  const now = () => clock.now().getTime();
  const redisKey = (key: string) => `${PREFIX}:${key}`;
  return sessionBackend(
    "redis",
    {
      read: (key) => guarded(async () => parseSession(await client.get(redisKey(key)))),
      write: (key, session) =>
        guarded(async () => {
          // Redis drops the key by the system clock; reads apply the sandbox clock on top.
          const ttlMs = session.expiresAt + SESSION_RETENTION_MS - now();
          if (ttlMs <= 0) await client.del(redisKey(key));
          else await client.set(redisKey(key), JSON.stringify(session), { expiration: { type: "PX", value: ttlMs } });
        }),
      remove: (key) => guarded(async () => void (await client.del(redisKey(key)))),
      removeAll: (prefix) =>
        guarded(async () => {
          for await (const keys of client.scanIterator({ MATCH: `${redisKey(prefix)}*`, COUNT: 100 }))
            if (keys.length > 0) await client.del(keys);
        }),
    },
    {
      now,
      async close() {
        // A server that went away leaves a client that can only be destroyed.
        try {
          await (client.isOpen ? client.close() : client.destroy());
        } catch {}
      },
    },
  );
}

/** A value that is not a session (written by something else) counts as no session. */
function parseSession(value: string | null): Session | null {
  const session = value ? parseJson(value) : undefined;
  return isJsonObject(session) && typeof session.token === "string" && typeof session.expiresAt === "number"
    ? { token: session.token, expiresAt: session.expiresAt }
    : null;
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
