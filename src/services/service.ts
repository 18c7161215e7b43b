import type { JwtIssuer } from "../auth/jwt.ts";
import type { SessionBackend } from "../bff/sessions/session-store.ts";
import type { Clock } from "../clock.ts";
import type { SandboxConfig } from "../config/load.ts";
import { AUTH_ERRORS } from "../contracts/auth-errors.ts";
import { CONTROL_ERRORS } from "../contracts/controls/errors.ts";
import { FAULT_ERRORS } from "../contracts/controls/fault-errors.ts";
import { HTTP_ERRORS } from "../contracts/http-errors.ts";
import { STORAGE_ERRORS } from "../contracts/storage-errors.ts";
import { STOREFRONT_TRIGGER_ERRORS } from "../contracts/storefront/errors.ts";
import { WALLET_TRIGGER_ERRORS } from "../contracts/wallet/errors.ts";
import type { ControlHooks } from "../controls/controls.ts";
import type { ErrorCodes } from "../errors.ts";
import type { ServiceAppOptions } from "../http/service-app.ts";
import type { LiveStream } from "../http/sse.ts";
import type { ServiceName, ServiceUrls } from "../service-names.ts";
import type { DataDir } from "../store/data-dir.ts";
import type { FileIO } from "../store/file-io.ts";
import type { DemoUser } from "../users.ts";

/** The codes every server answers with: bad requests, a data dir or Redis that refused, sign-in, and the sandbox controls. */
export const SHARED_ERRORS = {
  ...HTTP_ERRORS,
  ...STORAGE_ERRORS,
  ...AUTH_ERRORS,
  ...FAULT_ERRORS,
  ...CONTROL_ERRORS,
  ...STOREFRONT_TRIGGER_ERRORS,
  ...WALLET_TRIGGER_ERRORS,
} as const;

/** What every service is built from: the one config, clock, users and data dir of the sandbox. */
export interface ServiceContext {
  config: SandboxConfig;
  clock: Clock;
  /** The login JWTs of the storefront or the wallet (the host app checks the wallet's): signed with their secret, on the sandbox clock. */
  loginTokens(service: "storefront" | "wallet"): JwtIssuer;
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

export interface BuiltService extends ControlHooks {
  /** Resolves once every write asked for is on disk; a service that keeps no data has none. */
  flush?(): Promise<void>;
  /** Its counters in the sandbox's stats() (open cart listeners, say). */
  stats?(): Record<string, number>;
  /** Lines the start banner prints for it, under the URLs. */
  banner?(): string[];
  /** Adds its own /__sandbox/ routes to its app; called only when the controls are on, after the sandbox-wide ones. */
  addControls?(): void;
}

/** One server of the sandbox: how it is built and where it listens (its port setting is `<name>Port`). */
export interface ServiceDefinition {
  name: ServiceName;
  /** Its data file in the data dir, if it keeps one (removed by --fresh). */
  dataFile?: string;
  /** Its pages under docs/, listed by its index (GET /). */
  docs: readonly string[];
  /** Every error code it answers with and the status of each. */
  errorCodes: ErrorCodes;
  build(context: ServiceContext): Promise<BuiltService>;
}
