import { useEffect } from "react";
import { SERVICE_NAMES } from "../../service-names.ts";
import { useServices } from "../context.tsx";

const POLL_MS = 3000;

/** Polls each server's /health for the status bar, while the UI runs. */
export function useHealth(): void {
  const { client, store, timers } = useServices();
  useEffect(() => {
    let stopped = false;
    const poll = async () => {
      const services = SERVICE_NAMES.filter((name) => client.urls[name]);
      const answers = await Promise.all(
        services.map(async (name) => [name, (await client.healthy(name)) ? "up" : "down"] as const),
      );
      if (!stopped) store.update(() => ({ health: Object.fromEntries(answers) }));
    };
    void poll();
    const timer = timers.setInterval(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      timers.clear(timer);
    };
  }, [client, store, timers]);
}
