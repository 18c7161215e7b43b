import { useEffect, useState } from "react";
import { useServices } from "../context.tsx";

/** The value once it has stayed the same for `delayMs` (a search typed on waits for a pause). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const { timers } = useServices();
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = timers.setTimeout(() => setSettled(value), delayMs);
    return () => timers.clear(timer);
  }, [value, delayMs, timers]);
  return settled;
}
