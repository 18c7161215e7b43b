import type { H3Event } from "h3";
import { createJwtIssuer } from "../auth/jwt.ts";
import { SESSIONS_FILE } from "../bff/sessions/file.ts";
import { openSessionBackend } from "../bff/sessions/open.ts";
import type { SessionBackend } from "../bff/sessions/session-store.ts";
import { type Clock, createClock } from "../clock.ts";
import type { SandboxConfig } from "../config/load.ts";
import { OPTIONS, portKey } from "../config/options.ts";
import { CONTROLS_PREFIX } from "../contracts/controls/prefix.ts";
import type { Controls } from "../controls/controls.ts";
import { faultIntercept } from "../controls/faults/intercept.ts";
import { FaultRegistry } from "../controls/faults/registry.ts";
import { addControlRoutes } from "../controls/routes.ts";
import { noteDescriptorShortage } from "../descriptors.ts";
import { SandboxError, stackOf } from "../errors.ts";
import type { ClientTimeouts } from "../http/connections.ts";
import { type RunningServer, serve } from "../http/serve.ts";
import type { LiveStream } from "../http/sse.ts";
import { journalObserver } from "../journal/capture.ts";
import { openJournal } from "../journal/open.ts";
import { ISSUERS } from "../jwt-issuers.ts";
import { describeRoutes } from "../openapi/describe.ts";
import { SERVICE_LABELS, type ServiceName, type ServiceUrls } from "../service-names.ts";
import { hostService } from "../services/host.ts";
import type { BuiltService, ServiceDefinition } from "../services/service.ts";
import { storefrontService } from "../services/storefront.ts";
import { walletService } from "../services/wallet.ts";
import { openDataDir } from "../store/data-dir.ts";
import type { FileIO } from "../store/file-io.ts";
import type { Timers } from "../timers.ts";
import { type DemoUser, loadDemoUsers } from "../users.ts";
import { loadDefaultClients } from "../wallet/oauth/clients.ts";
import { cliFaultHint } from "./cli-hints.ts";
import { warmUp } from "./warm-up.ts";

/** The servers of the sandbox, in the order they start (the host app calls the wallet, so it comes after it): the order of SERVICE_NAMES. */
export const SERVICES: readonly ServiceDefinition[] = [storefrontService, walletService, hostService];

export interface StartOptions {
  /** Replaces the file layer (tests use it to make the disk refuse writes). */
  io?: FileIO;
  /** Where server errors are reported; defaults to stderr. */
  logError?: (message: string) => void;
  /**
   * What the sandbox waits on and its clock runs on: heartbeats, fault delays, the end of streams,
   * a shutdown's grace. The system's by default; a test gives manual ones to move them by hand.
   */
  timers?: Timers;
  /** The clients' time limits (CLIENT_TIMEOUTS by default): a test of a slow client makes them short. */
  clientTimeouts?: Partial<ClientTimeouts>;
  /**
   * What a fault's answer says to remove it, in the words of whatever started the sandbox
   * (`sandbox fault clear` for the CLI's, a controls call for startSandbox's, a step in a scenario).
   */
  faultHint?: (id: string) => string;
}

/** A server that runs: where it listens and what its service adds to the banner. */
export interface RunningService {
  name: ServiceName;
  label: string;
  url: string;
  banner: string[];
}

export interface Sandbox {
  config: SandboxConfig;
  urls: ServiceUrls;
  /** The servers that run, in start order. */
  services: RunningService[];
  users: DemoUser[];
  dataDir: string;
  clock: Clock;
  /** What the /__sandbox/ routes act on. */
  controls: Controls;
  /** What is open right now (live streams, and each service's counters): lets tests see that nothing leaks. */
  stats(): { liveStreams: number } & Record<string, number>;
  /** Readies every server for its first request, out of the journal's sight (startSandbox's callers' first request is a test's). */
  warmUp(): Promise<void>;
  /** Ends event streams, closes the servers, finishes pending writes and releases the data dir. */
  close(): Promise<void>;
}

export async function startServers(config: SandboxConfig, options: StartOptions = {}): Promise<Sandbox> {
  const definitions = SERVICES.filter((service) => config.only.includes(service.name));
  const dataFiles = [...SERVICES.flatMap((service) => (service.dataFile ? [service.dataFile] : [])), SESSIONS_FILE];
  const dataDir = await openDataDir(config.dataDir, { fresh: config.fresh, dataFiles });
  const clock = createClock(options.timers);
  const faults = new FaultRegistry();
  const faultHint = options.faultHint ?? cliFaultHint(config.dataDir);
  const liveStreams = new Set<LiveStream>();
  const servers: RunningServer[] = [];
  const built: BuiltService[] = [];
  let sessions: SessionBackend | undefined;
  const logError = options.logError ?? ((message: string) => process.stderr.write(`${message}\n`));
  // Failures we describe ourselves (a refused disk, an unreachable wallet) are logged by their message; bugs with their stack.
  // A process out of descriptors is noted, so that what runs many sandboxes at once runs fewer.
  const onServerError = (error: unknown, event: H3Event) => {
    noteDescriptorShortage(error);
    logError(
      `Error on ${event.req.method} ${event.url.pathname}: ${error instanceof SandboxError ? error.message : stackOf(error)}`,
    );
  };

  const close = async () => {
    for (const stream of [...liveStreams]) stream.close();
    await Promise.all(servers.map((server) => server.close()));
    await Promise.all(built.map((service) => service.flush?.()));
    await sessions?.close();
    await dataDir.release();
  };

  try {
    const users = await loadDemoUsers();
    const journal = openJournal(
      config,
      (await loadDefaultClients()).map((client) => client.secret),
    );
    sessions = await openSessionBackend(config.sessionStore, { dataDir, clock, io: options.io });
    const urls: ServiceUrls = {};
    const secrets = { storefront: config.storefrontJwtSecret, wallet: config.walletJwtSecret };
    const loginTokens = (service: keyof typeof secrets) =>
      createJwtIssuer({ secret: secrets[service], issuer: ISSUERS[service], ttlMs: config.tokenTtl, clock });
    const context = {
      config,
      clock,
      loginTokens,
      users,
      dataDir,
      io: options.io,
      liveStreams,
      sessions,
      urls,
      app: {
        onServerError,
        privatePrefix: CONTROLS_PREFIX,
        hosts: { bind: config.bind, allowedHosts: config.allowedHosts },
      },
    };
    const running: { definition: ServiceDefinition; service: BuiltService }[] = [];
    for (const definition of definitions) {
      // The journal is one of the controls: with --no-controls nothing watches the requests.
      const index = { service: definition.name, label: SERVICE_LABELS[definition.name], docs: definition.docs };
      const observe = config.controls
        ? journalObserver(definition.name, { journal, clock, leaveOut: CONTROLS_PREFIX })
        : undefined;
      const service = await definition.build({
        ...context,
        app: {
          ...context.app,
          index,
          describe: describeRoutes(index, CONTROLS_PREFIX),
          middleware: [faultIntercept(faults, definition.name, clock.timers, faultHint)],
          observe,
        },
      });
      built.push(service);
      const key = portKey(definition.name);
      const setting = OPTIONS.find((option) => option.key === key)!;
      const server = await serve(service.app, {
        port: config[key],
        host: config.bind,
        portFlag: setting.flag,
        portEnv: setting.env,
        maxConnections: config.maxConnections,
        timers: clock.timers,
        clientTimeouts: options.clientTimeouts,
      });
      servers.push(server);
      urls[definition.name] = server.url;
      running.push({ definition, service });
    }
    const stats = () =>
      Object.assign({ liveStreams: liveStreams.size }, ...built.map((service) => service.stats?.() ?? {}));
    const controls: Controls = {
      config,
      clock,
      faults,
      startedAt: new Date(),
      urls,
      users,
      services: running.map(({ definition, service }) => ({ name: definition.name, service })),
      stats,
      journal,
      liveStreams,
    };
    // --no-controls: no /__sandbox/ route on any server, a service's own included.
    if (config.controls) {
      for (const { service } of running) {
        addControlRoutes(service.app, controls);
        service.addControls?.();
      }
    }
    await dataDir.advertise(urls);
    return {
      config,
      urls,
      services: running.map(({ definition, service }) => ({
        name: definition.name,
        label: SERVICE_LABELS[definition.name],
        url: urls[definition.name]!,
        banner: service.banner?.() ?? [],
      })),
      users,
      dataDir: dataDir.path,
      clock,
      stats,
      controls,
      warmUp: () =>
        warmUp(running.map(({ definition, service }) => ({ app: service.app, url: urls[definition.name]! }))),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
