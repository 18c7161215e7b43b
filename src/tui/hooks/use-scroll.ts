import { useInput } from "ink";
import { useEffect, useState } from "react";

/**
 * A scroll offset over `lines` lines shown `height` at a time: PgUp/PgDn by a page and, unless
 * the screen's arrows do something else (`pagesOnly`), ↑↓ by a line and Home/End. Back to the
 * top when `resetKey` changes (another exchange, a new answer).
 */
export function useScroll(
  lines: number,
  height: number,
  options: { active: boolean; resetKey?: unknown; pagesOnly?: boolean },
) {
  const [offset, setOffset] = useState(0);
  const last = Math.max(0, lines - height);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is what the reset follows, not something it reads
  useEffect(() => setOffset(0), [options.resetKey]);
  useInput(
    (_input, key) => {
      const byPage = key.pageUp ? -height : key.pageDown ? height : 0;
      const byLine = options.pagesOnly
        ? 0
        : key.upArrow
          ? -1
          : key.downArrow
            ? 1
            : key.home
              ? -lines
              : key.end
                ? lines
                : 0;
      const move = byPage || byLine;
      if (move !== 0) setOffset((before) => Math.max(0, Math.min(last, Math.min(before, last) + move)));
    },
    { isActive: options.active },
  );
  return Math.min(offset, last);
}
