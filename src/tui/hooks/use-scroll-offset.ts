import { useInput } from "ink";
import { useEffect, useState } from "react";

/**
 * Where a scrolled view (a JsonView) starts: PgUp/PgDn move it by a page, back to the top when
 * `content` changes (a new answer).
 */
export function useScrollOffset(options: { active: boolean; lines: number; page: number; content: unknown }) {
  const [offset, setOffset] = useState(0);
  useEffect(() => setOffset(0), [options.content]);
  const last = Math.max(0, options.lines - options.page);
  useInput((_input, key) => {
    if (key.pageDown) setOffset((at) => Math.min(last, at + options.page));
    if (key.pageUp) setOffset((at) => Math.max(0, Math.min(last, at) - options.page));
  }, { isActive: options.active });
  return Math.min(offset, last);
}
