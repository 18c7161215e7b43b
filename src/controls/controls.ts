import type { H3 } from "h3";
import type { Clock } from "../clock.ts";
import type { SandboxConfig } from "../config/load.ts";
import type { TRIGGER_ANSWERS, TriggerName } from "../contracts/controls/routes.ts";
import type { LiveStream } from "../http/sse.ts";
import type { Journal } from "../journal/journal.ts";
import type { FromSchema } from "../json-schema.ts";
import type { ServiceName, ServiceUrls } from "../service-names.ts";
import type { Versioned } from "../store/migrations.ts";
import type { Store } from "../store/store.ts";
import type { DemoUser } from "../users.ts";
import type { FaultRegistry } from "./faults/registry.ts";

/** A server of the sandbox as the controls see it: its name and what of its service they act on. */
export interface ControlledService {
  name: ServiceName;
  service: ControlHooks;
}

/** What a service offers the controls (its definition in src/services/ builds them). */
export interface ControlHooks {
  app: H3;
  /** What `sandbox reset`, `export` and `import` act on; a service that keeps nothing has none. */
  state?: ServiceState;
  /** The sandbox triggers it answers (POST /__sandbox/trigger/<name>), by name. */
  triggers?: Triggers;
}

/** A service's state, as the sandbox controls see it. */
export interface ServiceState {
  /** Back to the seed: its data, and what it keeps beside it (agent sessions, OAuth codes in flight). */
  reset(): Promise<void>;
  /** The store of its data file, which export reads and import replaces; none for a service without one. */
  data?: Pick<Store<Versioned>, "data" | "accept" | "replace">;
}

/** Each trigger acts on the service's data as the request's JSON body says, and answers what it changed, as its contract's schema types it. */
export type Triggers = {
  readonly [N in TriggerName]?: (input: Record<string, unknown>) => Promise<FromSchema<(typeof TRIGGER_ANSWERS)[N]>>;
};

/**
 * The state the /__sandbox/ routes act on. It belongs to the whole sandbox, not to one server:
 * every server answers the same controls, and a control sent to any of them acts on all three
 * (the clock they share, their data, the faults and journal of each).
 */
export interface Controls {
  config: SandboxConfig;
  clock: Clock;
  /** The faults of every server, consulted in front of its routes. */
  faults: FaultRegistry;
  startedAt: Date;
  urls: ServiceUrls;
  /** The demo users, whose emails the journal's `user` filter takes for their ids. */
  users: readonly DemoUser[];
  services: ControlledService[];
  /** What is open right now (live streams, and each service's counters). */
  stats(): Record<string, number>;
  /** The requests each server answered. */
  journal: Journal;
  /** Every open event stream, so that a shutdown ends the controls' streams too. */
  liveStreams: Set<LiveStream>;
}
