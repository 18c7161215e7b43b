import { useInput } from "ink";
import { useEffect, useMemo, useRef, useState } from "react";
import { useServices } from "../context.tsx";
import { fromJournal, fromTraffic, type ExchangeRow } from "../screens/traffic-rows.ts";
import { useJournal } from "./use-journal.ts";
import { useListCursor } from "./use-list-cursor.ts";
import { useTrafficLog } from "./use-traffic-log.ts";

/** The path of the health checks the status bar polls: hidden from the journal unless asked for, or they would bury everything else. */
const HEALTH_PATH = "/health";

/**
 * What the Traffic screen shows: the sandbox's journal when there is one (every client's requests),
 * else, or when `s` asks for it, the UI's own exchanges; a cursor that stays on its exchange as
 * new ones arrive above it; Enter opens one, Esc closes it.
 */
export function useTrafficView(active: boolean) {
  const { settings } = useServices();
  const journal = useJournal();
  const own = useTrafficLog();
  const [preferOwn, setPreferOwn] = useState(false);
  const [showHealth, setShowHealth] = useState(false);
  const [opened, setOpened] = useState<ExchangeRow | undefined>(undefined);
  const source = journal.status.state === "following" && !preferOwn ? "journal" : "own";
  const hiddenHealth = useMemo(() => (showHealth ? 0 : journal.entries.filter((entry) => entry.path === HEALTH_PATH).length), [journal.entries, showHealth]);
  const rows = useMemo(
    () => (source === "journal" ? journal.entries.filter((entry) => showHealth || entry.path !== HEALTH_PATH).map((entry) => fromJournal(entry, settings.users)) : own.map(fromTraffic)),
    [source, journal.entries, own, showHealth, settings.users],
  );
  const cursor = useListCursor(rows, { active: active && !opened, onPick: (row) => setOpened(row) });
  useCursorOnItsRow(rows, cursor);

  // Read when a key comes, not from a render's closure: keys can come before the latest render's handler is in place.
  const isOpen = useRef(false);
  isOpen.current = opened !== undefined;
  useInput((input, key) => {
    if (key.escape) setOpened(undefined);
    if (isOpen.current) return;
    if (input === "s") setPreferOwn((before) => !before);
    if (input === "h") setShowHealth((before) => !before);
  }, { isActive: active });

  return { source, status: journal.status, rows, cursor, opened, hiddenHealth, showHealth };
}

/** New rows come in at the top: a cursor below the top moves down with its row, so that what is selected stays selected. */
function useCursorOnItsRow(rows: readonly ExchangeRow[], cursor: { index: number; setIndex: (index: number) => void }) {
  const seen = useRef<{ rows: readonly ExchangeRow[]; key?: string }>({ rows });
  useEffect(() => {
    const { rows: before, key } = seen.current;
    seen.current = { rows, key: rows[cursor.index]?.key };
    if (rows === before || cursor.index === 0 || key === undefined) return;
    const now = rows.findIndex((row) => row.key === key);
    if (now >= 0 && now !== cursor.index) {
      seen.current = { rows, key };
      cursor.setIndex(now);
    }
  }, [rows, cursor.index]);
}
