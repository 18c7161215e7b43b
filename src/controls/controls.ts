import type { Clock } from "../clock.ts";
import type { SandboxConfig } from "../config/load.ts";
import type { ServiceName, ServiceUrls } from "../config/options.ts";
import type { LiveStream } from "../http/sse.ts";
import type { BuiltService } from "../services/service.ts";
import type { FaultRegistry } from "./faults/registry.ts";
import type { Journal } from "./journal/journal.ts";

/** A server of the sandbox as the controls see it: its name and what its service built. */
export interface ControlledService {
  name: ServiceName;
  service: BuiltService;
}

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
  services: ControlledService[];
  /** What is open right now (live streams, and each service's counters). */
  stats(): Record<string, number>;
  /** The requests each server answered. */
  journal: Journal;
  /** Every open event stream, so that a shutdown ends the controls' streams too. */
  liveStreams: Set<LiveStream>;
}
