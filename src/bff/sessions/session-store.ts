import type { FromSchema } from "../../json-schema.ts";
import { integer, record, string } from "../../store/shape.ts";

/** A registered agent session: the user's JWT, and when it expires (epoch ms). */
export const SESSION = record({ token: string, expiresAt: integer });
export type Session = FromSchema<typeof SESSION>;

/**
 * How long a session outlives its token. Within it the session is still found, so the agent
 * hears the protected route's own `token_expired` (as from the real service, which keeps
 * sessions until logout); after it, the session is gone and the answer is `no_active_session`.
 * Every store applies it by the sandbox clock, so all three answer alike.
 */
export const SESSION_RETENTION_MS = 24 * 3_600_000;

/** Whether a stored session is still kept at `now` (epoch ms). */
export function isKept(session: Session, now: number): boolean {
  return session.expiresAt + SESSION_RETENTION_MS > now;
}

/** One service's sessions, keyed by user id. */
export interface SessionStore {
  /** The session, if one is kept for the user at the sandbox clock's now (see SESSION_RETENTION_MS). */
  get(userId: string): Promise<Session | null>;
  /** Stores the session. */
  set(userId: string, session: Session): Promise<void>;
  /** Removes it; removing a session that is not there is fine. */
  delete(userId: string): Promise<void>;
  /** Removes every session of the service (a sandbox reset). */
  clear(): Promise<void>;
}

/** What a backend stores: sessions under flat keys (`<service>:<userId>`); namespaces and the retention rule come from `sessionBackend`. */
export interface SessionMap {
  read(key: string): Promise<Session | null>;
  write(key: string, session: Session): Promise<void>;
  remove(key: string): Promise<void>;
  /** Removes every session whose key starts with the prefix. */
  removeAll(prefix: string): Promise<void>;
}

/** A backend over a map: each service's sessions apart, and a session past its retention is no session, in every store alike. */
export function sessionBackend(
  kind: SessionBackend["kind"],
  map: SessionMap,
  options: { now: () => number; close(): Promise<void> },
): SessionBackend {
  return {
    kind,
    namespace(service) {
      const key = (userId: string) => `${service}:${userId}`;
      return {
        async get(userId) {
          const session = await map.read(key(userId));
          return session && isKept(session, options.now()) ? session : null;
        },
        set: (userId, session) => map.write(key(userId), session),
        delete: (userId) => map.remove(key(userId)),
        clear: () => map.removeAll(key("")),
      };
    },
    close: options.close,
  };
}

/** Where sessions live (memory, a file in the data dir, or Redis), shared by the services of one sandbox. */
export interface SessionBackend {
  readonly kind: "memory" | "file" | "redis";
  /** The sessions of one service (storefront, host), apart from the other's. */
  namespace(service: string): SessionStore;
  close(): Promise<void>;
}
