import type { Clock } from "../../clock.ts";
import type { FileIO } from "../../store/file-io.ts";
import { record, shapeCheck, string, integer } from "../../store/shape.ts";
import { openStore } from "../../store/store.ts";
import type { Session, SessionBackend, SessionStore } from "./session-store.ts";

export const SESSIONS_FILE = "sessions.json";

interface SessionData {
  version: number;
  sessions: Record<string, Session>;
}

const checkShape = shapeCheck(record({ version: integer, sessions: { type: "object", additionalProperties: record({ token: string, expiresAt: integer }) } }));

/** Sessions in the data dir (sessions.json), written like every data file: they survive a restart. */
export async function fileSessions(options: { file: string; clock: Clock; io?: FileIO }): Promise<SessionBackend> {
  const store = await openStore<SessionData>({
    file: options.file,
    migrations: [{ version: 1, description: "create the sessions map", up: (data) => ({ ...data, sessions: {} }) }],
    seed: (empty) => empty,
    checkShape,
    io: options.io,
  });
  return {
    kind: "file",
    namespace(service): SessionStore {
      const key = (userId: string) => `${service}:${userId}`;
      return {
        get: async (userId) => (Object.hasOwn(store.data.sessions, key(userId)) ? (store.data.sessions[key(userId)] as Session) : null),
        set: (userId, session) =>
          store.update((draft) => {
            // Expired sessions are dropped whenever one is written, so the file does not grow without end.
            const now = options.clock.now().getTime();
            for (const [name, stored] of Object.entries(draft.sessions)) if (stored.expiresAt <= now) delete draft.sessions[name];
            draft.sessions[key(userId)] = session;
          }),
        delete: (userId) => store.update((draft) => void delete draft.sessions[key(userId)]),
      };
    },
    close: () => store.flush(),
  };
}
