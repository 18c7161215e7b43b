import type { Clock } from "../../clock.ts";
import type { DataDir } from "../../store/data-dir.ts";
import type { FileIO } from "../../store/file-io.ts";
import { REDIS_NOT_INSTALLED, sessionStoreError } from "../errors.ts";
import { fileSessions, SESSIONS_FILE } from "./file.ts";
import { memorySessions } from "./memory.ts";
import type { SessionBackend } from "./session-store.ts";

/** The session backend that --session-store names: memory, file, or a redis:// URL (the Redis client is loaded only then). */
export async function openSessionBackend(
  spec: string,
  options: { dataDir: DataDir; clock: Clock; io?: FileIO },
): Promise<SessionBackend> {
  if (spec === "memory") return memorySessions(options.clock);
  if (spec === "file")
    return fileSessions({ file: options.dataDir.file(SESSIONS_FILE), clock: options.clock, io: options.io });
  const { redisSessions } = await import("./redis.ts").catch((error: unknown) => {
    throw isMissingPackage(error, "redis") ? sessionStoreError(REDIS_NOT_INSTALLED) : error;
  });
  return redisSessions(spec, options.clock);
}

/** The Redis client is an optional peer dependency: an install without it fails to load it by that name. */
function isMissingPackage(error: unknown, name: string): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === "ERR_MODULE_NOT_FOUND" && String(message).includes(`'${name}'`);
}
