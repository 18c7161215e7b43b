import { useCallback, useSyncExternalStore } from "react";
import type { TrafficEntry } from "../client/traffic.ts";
import { useServices } from "../context.tsx";

/** The UI's own HTTP exchanges, newest first, as they happen. */
export function useTrafficLog(): readonly TrafficEntry[] {
  const { traffic } = useServices();
  const subscribe = useCallback((listener: () => void) => traffic.subscribe(listener), [traffic]);
  return useSyncExternalStore(subscribe, () => traffic.entries);
}
