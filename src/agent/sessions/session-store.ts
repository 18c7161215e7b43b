/** A registered agent session: the user's JWT, and when it expires (epoch ms). */
export interface Session {
  token: string;
  expiresAt: number;
}

/** One service's sessions, keyed by user id. */
export interface SessionStore {
  get(userId: string): Promise<Session | null>;
  /** Stores the session; it may be dropped once the token has expired. */
  set(userId: string, session: Session): Promise<void>;
  /** Removes it; removing a session that is not there is fine. */
  delete(userId: string): Promise<void>;
}

/** Where sessions live (memory, a file in the data dir, or Redis), shared by the services of one sandbox. */
export interface SessionBackend {
  readonly kind: "memory" | "file" | "redis";
  /** The sessions of one service (storefront, host), apart from the other's. */
  namespace(service: string): SessionStore;
  close(): Promise<void>;
}
