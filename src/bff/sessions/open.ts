import type { Clock } from "../../clock.ts";
import type { DataDir } from "../../store/data-dir.ts";
import type { FileIO } from "../../store/file-io.ts";
import { SESSIONS_FILE, fileSessions } from "./file.ts";
import { memorySessions } from "./memory.ts";
import { redisSessions } from "./redis.ts";
import type { SessionBackend } from "./session-store.ts";

/** The session backend that --session-store names: memory, file, or a redis:// URL. */
export function openSessionBackend(spec: string, options: { dataDir: DataDir; clock: Clock; io?: FileIO }): Promise<SessionBackend> {
  if (spec === "memory") return Promise.resolve(memorySessions(options.clock));
  if (spec === "file") return fileSessions({ file: options.dataDir.file(SESSIONS_FILE), clock: options.clock, io: options.io });
  return redisSessions(spec, options.clock);
}
