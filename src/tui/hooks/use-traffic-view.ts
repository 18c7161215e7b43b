import { useInput } from "ink";
import { useEffect, useMemo, useRef, useState } from "react";
import { HEALTH_PATH } from "../../contracts/service-routes.ts";
import { useServices } from "../context.tsx";
import { type ExchangeRow, fromJournal, fromTraffic } from "../screens/traffic-rows.ts";
import { useJournal } from "./use-journal.ts";
import { useListCursor } from "./use-list-cursor.ts";
import { useTrafficLog } from "./use-traffic-log.ts";

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
  // The health checks the status bar polls are hidden from the journal unless asked for, or they would bury everything else.
  const hiddenHealth = useMemo(
    () => (showHealth ? 0 : journal.entries.filter((entry) => entry.path === HEALTH_PATH).length),
    [journal.entries, showHealth],
  );
  const rows = useMemo(
    () =>
      source === "journal"
        ? journal.entries
            .filter((entry) => showHealth || entry.path !== HEALTH_PATH)
            .map((entry) => fromJournal(entry, settings.users))
        : own.map(fromTraffic),
    [source, journal.entries, own, showHealth, settings.users],
  );
  const cursor = useListCursor(rows, { active: active && !opened, onPick: (row) => setOpened(row) });
  useCursorOnItsRow(rows, cursor);

  // Read when a key comes, not from a render's closure: keys can come before the latest render's handler is in place.
  const isOpen = useRef(false);
  isOpen.current = opened !== undefined;
  useInput(
    (input, key) => {
      if (key.escape) setOpened(undefined);
      if (isOpen.current) return;
      if (input === "s") setPreferOwn((before) => !before);
      if (input === "h") setShowHealth((before) => !before);
    },
    { isActive: active },
  );

  return { source, status: journal.status, rows, cursor, opened, hiddenHealth, showHealth };
}

/**
 * New rows come in at the top (and, filtered, the list changes): once the user moved the cursor,
 * it moves with its row, the top one included, so that what is selected stays selected while the
 * journal ticks on. Never moved, it stays at the top, on the newest.
 */
function useCursorOnItsRow(rows: readonly ExchangeRow[], cursor: { index: number; setIndex: (index: number) => void }) {
  const seen = useRef<{ rows: readonly ExchangeRow[]; key?: string; index: number; moved: boolean }>({
    rows,
    index: 0,
    moved: false,
  });
  useEffect(() => {
    const { rows: before, key, index, moved } = seen.current;
    const movedNow = moved || (rows === before && cursor.index !== index);
    seen.current = { rows, key: rows[cursor.index]?.key, index: cursor.index, moved: movedNow };
    if (rows === before || key === undefined || !movedNow) return;
    const now = rows.findIndex((row) => row.key === key);
    if (now >= 0 && now !== cursor.index) {
      seen.current = { rows, key, index: now, moved: true };
      cursor.setIndex(now);
    }
  }, [rows, cursor.index, cursor.setIndex]);
}
