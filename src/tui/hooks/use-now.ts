import { useEffect, useState } from "react";

/** The time now, in ms, ticking each second while `running` (a countdown on screen); frozen otherwise, so that hidden screens do not redraw. */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
