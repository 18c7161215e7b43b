import type { H3, H3Event } from "h3";
import type { SessionBackend } from "../agent/sessions/session-store.ts";
import type { Clock } from "../clock.ts";
import type { SandboxConfig } from "../config.ts";
import type { ServiceName } from "../config/options.ts";
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
  urls: Partial<Record<ServiceName, string>>;
  /** Open event streams of every service, so that a shutdown can end them. */
  liveStreams: Set<LiveStream>;
  onServerError: (error: unknown, event: H3Event) => void;
}

export interface BuiltService {
  app: H3;
  /** Resolves once every write asked for is on disk. */
  flush(): Promise<void>;
  /** Its counters in the sandbox's stats(). */
  stats?(): { cartListeners?: number };
}

/** One server of the sandbox: how it is built and where it listens. */
export interface ServiceDefinition {
  name: ServiceName;
  /** Its data file in the data dir, if it keeps one (removed by --fresh). */
  dataFile?: string;
  /** The setting of its port; its flag and env variable are named when the port is taken. */
  portSetting: "storefrontPort" | "walletPort" | "hostPort";
  build(context: ServiceContext): Promise<BuiltService>;
}
