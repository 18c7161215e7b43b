import { useEffect } from "react";
import { moveToUrls } from "../client/follow-sandbox.ts";
import { useServices } from "../context.tsx";

const LOOK_MS = 3000;

/**
 * Opened on a data dir, the UI follows its sandbox: while a server does not answer, it reads the
 * data dir's lock every few seconds, and when the sandbox runs elsewhere now (restarted on other
 * ports) it moves there: the next calls, the cart stream and the journal use the new URLs.
 */
export function useFollowSandbox(): void {
  const { settings, store, cartFeed, timers } = useServices();
  useEffect(() => {
    const { findSandbox } = settings;
    if (!findSandbox) return;
    let stopped = false;
    const look = async () => {
      if (!Object.values(store.state.health).includes("down")) return;
      const urls = await findSandbox().catch(() => undefined);
      if (stopped || !urls || !moveToUrls(settings, urls)) return;
      store.update((state) => ({ urlsVersion: state.urlsVersion + 1, health: {} }));
      cartFeed.reconnect();
    };
    const timer = timers.setInterval(() => void look(), LOOK_MS);
    return () => {
      stopped = true;
      timers.clear(timer);
    };
  }, [settings, store, cartFeed, timers]);
}
