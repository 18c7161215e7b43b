import { useInput } from "ink";
import { useEffect, useState } from "react";

/** A scroll offset over `lines` lines shown `height` at a time: ↑↓ by a line, PgUp/PgDn by a page, Home/End. Back to the top when `resetKey` changes. */
export function useScroll(lines: number, height: number, options: { active: boolean; resetKey?: unknown }) {
  const [offset, setOffset] = useState(0);
  const last = Math.max(0, lines - height);
  useEffect(() => setOffset(0), [options.resetKey]);
  useInput((_input, key) => {
    const move = key.upArrow ? -1 : key.downArrow ? 1 : key.pageUp ? -height : key.pageDown ? height : key.home ? -lines : key.end ? lines : 0;
    if (move !== 0) setOffset((before) => Math.max(0, Math.min(last, before + move)));
  }, { isActive: options.active });
  return Math.min(offset, last);
}
