import { HTTPError } from "h3";
import { SESSIONS_FILE } from "./agent/sessions/file.ts";
import { openSessionBackend } from "./agent/sessions/open.ts";
import type { SessionBackend } from "./agent/sessions/session-store.ts";
import { createClock, type Clock } from "./clock.ts";
import type { SandboxConfig } from "./config.ts";
import { OPTIONS, type ServiceName } from "./config/options.ts";
import { serve, type RunningServer } from "./http/serve.ts";
import type { LiveStream } from "./http/sse.ts";
import type { ServiceDefinition } from "./services/service.ts";
import { storefrontService } from "./services/storefront.ts";
import { hostService } from "./services/host.ts";
import { walletService } from "./services/wallet.ts";
import { openDataDir } from "./store/data-dir.ts";
import { StoreUnavailableError } from "./store/errors.ts";
import type { FileIO } from "./store/file-io.ts";
import { loadDemoUsers, type DemoUser } from "./users.ts";
import { loadDefaultClients, type ClientFixture } from "./wallet/oauth/clients.ts";

/** The servers of the sandbox, in the order they start (the host app calls the wallet, so it comes after it). */
export const SERVICES: readonly ServiceDefinition[] = [storefrontService, walletService, hostService];

export interface StartOptions {
  /** Replaces the file layer (tests use it to make the disk refuse writes). */
  io?: FileIO;
  /** Where server errors are reported; defaults to stderr. */
  logError?: (message: string) => void;
}

export interface Sandbox {
  config: SandboxConfig;
  urls: Partial<Record<ServiceName, string>>;
  users: DemoUser[];
  /** The default OAuth client of the wallet (from fixtures/), when the wallet runs. */
  oauthClient?: ClientFixture;
  dataDir: string;
  clock: Clock;
  /** What is open right now: lets tests (and later the health control) see that nothing leaks. */
  stats(): SandboxStats;
  /** Ends event streams, closes the servers, finishes pending writes and releases the data dir. */
  close(): Promise<void>;
}

export interface SandboxStats {
  liveStreams: number;
  cartListeners: number;
}

export async function startSandbox(config: SandboxConfig, options: StartOptions = {}): Promise<Sandbox> {
  const services = SERVICES.filter((service) => config.only.includes(service.name));

  const dataFiles = [...SERVICES.flatMap((service) => (service.dataFile ? [service.dataFile] : [])), SESSIONS_FILE];
  const dataDir = await openDataDir(config.dataDir, { fresh: config.fresh, dataFiles });
  const clock = createClock();
  const liveStreams = new Set<LiveStream>();
  const servers: RunningServer[] = [];
  const built: Awaited<ReturnType<ServiceDefinition["build"]>>[] = [];
  let sessions: SessionBackend | undefined;
  const logError = options.logError ?? ((message: string) => process.stderr.write(`${message}\n`));
  // Failures we describe ourselves (a refused disk, an unreachable wallet) are logged by their message; bugs with their stack.
  const onServerError = (error: unknown, event: { req: Request }) =>
    logError(`Error on ${event.req.method} ${new URL(event.req.url).pathname}: ${error instanceof StoreUnavailableError || HTTPError.isError(error) ? error.message : ((error as Error)?.stack ?? String(error))}`);

  const close = async () => {
    for (const stream of [...liveStreams]) stream.close();
    await Promise.all(servers.map((server) => server.close()));
    await Promise.all(built.map((service) => service.flush()));
    await sessions?.close();
    await dataDir.release();
  };

  try {
    const users = await loadDemoUsers();
    sessions = await openSessionBackend(config.sessionStore, { dataDir, clock, io: options.io });
    const urls: Sandbox["urls"] = {};
    const context = { config, clock, users, dataDir, io: options.io, liveStreams, sessions, urls, onServerError };
    for (const service of services) {
      const instance = await service.build(context);
      built.push(instance);
      const setting = OPTIONS.find((option) => option.key === service.portSetting)!;
      const server = await serve(instance.app, { port: config[service.portSetting], host: config.bind, portFlag: setting.flag, portEnv: setting.env });
      servers.push(server);
      urls[service.name] = server.url;
    }
    await dataDir.advertise(urls);
    return {
      config,
      urls,
      users,
      oauthClient: urls.wallet ? (await loadDefaultClients())[0] : undefined,
      dataDir: dataDir.path,
      clock,
      stats: () => ({ liveStreams: liveStreams.size, cartListeners: 0, ...Object.assign({}, ...built.map((service) => service.stats?.() ?? {})) }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
