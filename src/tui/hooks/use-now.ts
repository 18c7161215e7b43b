import { useEffect, useState } from "react";
import { useServices } from "../context.tsx";

/** The time now, in ms, ticking each second while `running` (a countdown on screen); frozen otherwise, so that hidden screens do not redraw. */
export function useNow(running: boolean): number {
  const { timers } = useServices();
  const [now, setNow] = useState(() => timers.now());
  useEffect(() => {
    if (!running) return;
    setNow(timers.now());
    const timer = timers.setInterval(() => setNow(timers.now()), 1000);
    return () => timers.clear(timer);
  }, [running, timers]);
  return now;
}
