import { createJwtIssuer } from "./auth/jwt.ts";
import { createClock, type Clock } from "./clock.ts";
import type { SandboxConfig } from "./config.ts";
import type { ServiceName } from "./config/options.ts";
import { serve, type RunningServer } from "./http/serve.ts";
import type { LiveStream } from "./http/sse.ts";
import { openDataDir } from "./store/data-dir.ts";
import { StoreUnavailableError } from "./store/errors.ts";
import type { FileIO } from "./store/file-io.ts";
import { createStorefrontApp } from "./storefront/app.ts";
import { CartEvents } from "./storefront/cart-events.ts";
import { STOREFRONT_FILE, openStorefrontStore, type StorefrontStore } from "./storefront/store.ts";
import { loadDemoUsers, type DemoUser } from "./users.ts";

/** The servers this version of the sandbox can run; the others are announced as not available yet. */
export const AVAILABLE_SERVICES: readonly ServiceName[] = ["storefront"];

export interface StartOptions {
  /** Replaces the file layer (tests use it to make the disk refuse writes). */
  io?: FileIO;
  /** Where unexpected errors are reported; defaults to stderr. */
  logError?: (message: string) => void;
}

export interface Sandbox {
  config: SandboxConfig;
  urls: Partial<Record<ServiceName, string>>;
  /** Asked for (with --only or by default) but not in this version yet. */
  unavailable: ServiceName[];
  users: DemoUser[];
  dataDir: string;
  clock: Clock;
  /** What is open right now: lets tests (and later the health control) see that nothing leaks. */
  stats(): { liveStreams: number; cartListeners: number };
  /** Ends event streams, closes the servers, finishes pending writes and releases the data dir. */
  close(): Promise<void>;
}

export class StartError extends Error {
  override name = "StartError";
}

export async function startSandbox(config: SandboxConfig, options: StartOptions = {}): Promise<Sandbox> {
  const wanted = config.only;
  const running = wanted.filter((name) => AVAILABLE_SERVICES.includes(name));
  const unavailable = wanted.filter((name) => !AVAILABLE_SERVICES.includes(name));
  if (running.length === 0) {
    throw new StartError(`Nothing to start: ${unavailable.join(", ")} ${unavailable.length > 1 ? "are" : "is"} not available in this version yet. Run with --only storefront.`);
  }

  const dataDir = await openDataDir(config.dataDir, { fresh: config.fresh, dataFiles: [STOREFRONT_FILE] });
  const clock = createClock();
  const liveStreams = new Set<LiveStream>();
  const cartEvents = new CartEvents();
  const servers: RunningServer[] = [];
  const stores: StorefrontStore[] = [];
  const logError = options.logError ?? ((message: string) => process.stderr.write(`${message}\n`));
  const onServerError = (error: unknown, event: { req: Request }) =>
    logError(`Error on ${event.req.method} ${new URL(event.req.url).pathname}: ${error instanceof StoreUnavailableError ? error.message : ((error as Error)?.stack ?? String(error))}`);

  const close = async () => {
    for (const stream of [...liveStreams]) stream.close();
    await Promise.all(servers.map((server) => server.close()));
    await Promise.all(stores.map((store) => store.flush()));
    await dataDir.release();
  };

  try {
    const users = await loadDemoUsers();
    const urls: Sandbox["urls"] = {};
    const store = await openStorefrontStore({ file: dataDir.file(STOREFRONT_FILE), users, clock, io: options.io });
    stores.push(store);
    const jwt = createJwtIssuer({ secret: config.storefrontJwtSecret, issuer: "sandbox-storefront", ttlSeconds: config.tokenTtlSeconds, clock });
    const app = createStorefrontApp({ store, jwt, cartEvents, clock, liveStreams, sseHeartbeatMs: config.sseHeartbeatMs, onServerError });
    const server = await serve(app, { port: config.storefrontPort, host: config.bind, portFlag: "--storefront-port" });
    servers.push(server);
    urls.storefront = server.url;

    return {
      config,
      urls,
      unavailable,
      users,
      dataDir: dataDir.path,
      clock,
      stats: () => ({ liveStreams: liveStreams.size, cartListeners: cartEvents.listenerCount }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
