import { createContext, type ReactNode, useContext } from "react";
import type { ServiceClient } from "../client/service-client.ts";
import type { Timers } from "../timers.ts";
import type { CartFeed } from "./client/cart-feed.ts";
import type { TrafficLog } from "./client/traffic.ts";
import type { TuiSettings } from "./settings.ts";
import type { TuiStore } from "./state/store.ts";

/** What every screen and hook of the UI shares: one HTTP client, one traffic log, one store, one time. */
export interface TuiServices {
  settings: TuiSettings;
  /** What the polls, the retries and the countdowns wait on (a test's own, moved by hand). */
  timers: Timers;
  client: ServiceClient;
  traffic: TrafficLog;
  store: TuiStore;
  /** The storefront login's cart stream, followed at App level so that no event is missed on another screen. */
  cartFeed: CartFeed;
}

const ServicesContext = createContext<TuiServices | undefined>(undefined);

export function ServicesProvider({ services, children }: { services: TuiServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): TuiServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error("useServices() outside the UI's ServicesProvider");
  return services;
}
