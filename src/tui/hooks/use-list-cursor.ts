import { useInput } from "ink";
import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A cursor over a list: ↑↓ move it, PgUp/PgDn by a page, Enter picks the item under it (again
 * and again if asked: picking is an action, not a state). It stays on the list as the list changes.
 */
export function useListCursor<Item>(
  items: readonly Item[],
  options: { active: boolean; page?: number; onPick?: (item: Item, index: number) => void },
) {
  const [index, setIndexState] = useState(0);
  // Keys can arrive faster than renders (↓ then Enter in one read): the handler reads the cursor from here, not from a render's closure.
  const at = useRef(0);
  // The same function on every render, so that the effects that move the cursor need not run again for it.
  const setIndex = useCallback((next: number) => {
    at.current = next;
    setIndexState(next);
  }, []);
  // Likewise the list and what picking does: a key read before the handler of the latest render is in place must act on the list on screen.
  const latest = useRef({ items, onPick: options.onPick });
  latest.current = { items, onPick: options.onPick };
  const last = Math.max(0, items.length - 1);
  useEffect(() => {
    if (at.current > last) setIndex(last);
  }, [last, setIndex]);
  useInput(
    (_input, key) => {
      const page = options.page ?? 10;
      const { items: shown, onPick } = latest.current;
      const lastShown = Math.max(0, shown.length - 1);
      const current = Math.min(at.current, lastShown);
      if (key.upArrow) setIndex(Math.max(0, current - 1));
      else if (key.downArrow) setIndex(Math.min(lastShown, current + 1));
      else if (key.pageUp) setIndex(Math.max(0, current - page));
      else if (key.pageDown) setIndex(Math.min(lastShown, current + page));
      else if (key.return && shown[current] !== undefined) onPick?.(shown[current], current);
    },
    { isActive: options.active && items.length > 0 },
  );
  return { index: Math.min(index, last), item: items[Math.min(index, last)], setIndex };
}

/** The slice of a list that keeps the cursor in view: `height` rows around it. */
export function visibleWindow(length: number, cursor: number, height: number): { from: number; to: number } {
  if (length <= height) return { from: 0, to: length };
  const from = Math.min(Math.max(0, cursor - Math.floor(height / 2)), length - height);
  return { from, to: from + height };
}
