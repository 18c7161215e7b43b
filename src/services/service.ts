import type { H3 } from "h3";
import type { SessionBackend } from "../bff/sessions/session-store.ts";
import type { Clock } from "../clock.ts";
import type { SandboxConfig } from "../config/load.ts";
import type { ServiceName, ServiceUrls } from "../config/options.ts";
import type { ErrorCodes } from "../errors.ts";
import type { ServiceAppOptions } from "../http/service-app.ts";
import type { LiveStream } from "../http/sse.ts";
import type { DataDir } from "../store/data-dir.ts";
import type { FileIO } from "../store/file-io.ts";
import type { DemoUser } from "../users.ts";

/** What every service is built from: the one config, clock, users and data dir of the sandbox. */
export interface ServiceContext {
  config: SandboxConfig;
  clock: Clock;
  users: DemoUser[];
  dataDir: DataDir;
  io?: FileIO;
  /** Where agent sessions live; each service takes its own namespace. */
  sessions: SessionBackend;
  /** The URLs of the servers already listening (the host app calls the wallet). */
  urls: ServiceUrls;
  /** Open event streams of every service, so that a shutdown can end them. */
  liveStreams: Set<LiveStream>;
  /** How every service app reports server errors, which host names it answers to, that it keeps the controls from browsers, and how it describes itself at GET /; the service adds its error codes. */
  app: Omit<ServiceAppOptions, "errorCodes">;
}

export interface BuiltService {
  app: H3;
  /** Resolves once every write asked for is on disk; a service that keeps no data has none. */
  flush?(): Promise<void>;
  /** Its counters in the sandbox's stats() (open cart listeners, say). */
  stats?(): Record<string, number>;
  /** Lines the start banner prints for it, under the URLs. */
  banner?(): string[];
}

/** One server of the sandbox: how it is built and where it listens (its port setting is `<name>Port`). */
export interface ServiceDefinition {
  name: ServiceName;
  /** How the banner and messages name it. */
  label: string;
  /** Its data file in the data dir, if it keeps one (removed by --fresh). */
  dataFile?: string;
  /** Its pages under docs/, listed by its index (GET /). */
  docs: readonly string[];
  /** Every error code it answers with and the status of each. */
  errorCodes: ErrorCodes;
  build(context: ServiceContext): Promise<BuiltService>;
}
