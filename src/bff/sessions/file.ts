import type { Clock } from "../../clock.ts";
import type { FromSchema } from "../../json-schema.ts";
import type { FileIO } from "../../store/file-io.ts";
import { integer, record, shapeCheck } from "../../store/shape.ts";
import { openStore } from "../../store/store.ts";
import { isKept, SESSION, type SessionBackend, sessionBackend } from "./session-store.ts";

export const SESSIONS_FILE = "sessions.json";

const SESSION_DATA = record({ version: integer, sessions: { type: "object", additionalProperties: SESSION } });
const checkShape = shapeCheck(SESSION_DATA);

/** Sessions in the data dir (sessions.json), written like every data file: they survive a restart. */
export async function fileSessions(options: { file: string; clock: Clock; io?: FileIO }): Promise<SessionBackend> {
  const store = await openStore<FromSchema<typeof SESSION_DATA>>({
    file: options.file,
    migrations: [{ version: 1, description: "create the sessions map", up: (data) => ({ ...data, sessions: {} }) }],
    seed: (version) => ({ version, sessions: {} }),
    checkShape,
    io: options.io,
  });
  const now = () => options.clock.now().getTime();
  return sessionBackend(
    "file",
    {
      read: async (key) => (Object.hasOwn(store.data.sessions, key) ? store.data.sessions[key] : undefined) ?? null,
      write: (key, session) =>
        store.update((draft) => {
          // Sessions past their retention are dropped whenever one is written, so the file does not grow without end.
          for (const [name, stored] of Object.entries(draft.sessions))
            if (!isKept(stored, now())) delete draft.sessions[name];
          draft.sessions[key] = session;
        }),
      remove: (key) => store.update((draft) => void delete draft.sessions[key]),
      removeAll: (prefix) =>
        store.update((draft) => {
          for (const name of Object.keys(draft.sessions)) if (name.startsWith(prefix)) delete draft.sessions[name];
        }),
    },
    { now, close: () => store.flush() },
  );
}
