import { useEffect, useMemo, useSyncExternalStore } from "react";
import { JournalFeed, type JournalSnapshot } from "../client/journal-feed.ts";
import { useServices } from "../context.tsx";
import { useStoreState } from "../state/store.ts";

/** The sandbox's request journal, followed live while the screen is mounted (so until the UI quits); its status says when there is none. */
export function useJournal(): JournalSnapshot {
  const { settings, store, timers } = useServices();
  // The URLs may change (a sandbox restarted on other ports): then a new feed follows the new ones.
  const urlsVersion = useStoreState(store, (state) => state.urlsVersion);
  // biome-ignore lint/correctness/useExhaustiveDependencies: urlsVersion is not read: it counts the in-place changes of the settings.urls read here
  const feed = useMemo(
    () =>
      new JournalFeed(
        Object.values(settings.urls).filter((url): url is string => Boolean(url)),
        settings.controlToken,
        timers,
      ),
    [settings, urlsVersion, timers],
  );
  useEffect(() => {
    const controller = new AbortController();
    void feed.run(controller.signal);
    return () => controller.abort();
  }, [feed]);
  return useSyncExternalStore(feed.subscribe, () => feed.snapshot);
}
