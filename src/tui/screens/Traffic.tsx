import { Spinner } from "@inkjs/ui";
import { Box, Text } from "ink";
import { Table } from "../components/Table.tsx";
import { Tinted } from "../components/Tinted.tsx";
import { visibleWindow } from "../hooks/use-list-cursor.ts";
import { useTrafficView } from "../hooks/use-traffic-view.ts";
import type { ScreenProps } from "./index.ts";
import { ExchangeDetail } from "./traffic-detail.tsx";
import { journalColumns, ownColumns } from "./traffic-rows.ts";

export const TRAFFIC_KEYS = [
  { key: "↑↓ Enter", help: "open an exchange: its headers and bodies (secrets masked); Esc back" },
  { key: "s", help: "switch between the sandbox's journal and this UI's own requests" },
  { key: "h", help: "show or hide the health checks in the journal" },
] as const;

/** Rows above the table: the source line, the hint line, the table's header. */
const HEAD_ROWS = 3;

/** Every HTTP exchange, newest first: the sandbox's request journal (every client's) when it has one, else the UI's own. */
export function TrafficScreen({ active, width, height }: ScreenProps) {
  const view = useTrafficView(active);
  if (view.opened) return <ExchangeDetail row={view.opened} height={height} active={active} />;
  const { from, to } = visibleWindow(view.rows.length, view.cursor.index, Math.max(1, height - HEAD_ROWS));
  const journal = view.source === "journal";
  return (
    <Box flexDirection="column">
      <SourceLine {...view} />
      <Table
        columns={journal ? journalColumns(width) : ownColumns(width)}
        rows={view.rows.slice(from, to)}
        selected={active ? view.cursor.index - from : undefined}
        empty={
          journal
            ? "No requests yet."
            : "No requests yet: sign in (screen 1) or use another screen, and they show here."
        }
      />
    </Box>
  );
}

/** Which exchanges are shown, and how to see the others. */
function SourceLine({
  source,
  status,
  hiddenHealth,
  showHealth,
}: Pick<ReturnType<typeof useTrafficView>, "source" | "status" | "hiddenHealth" | "showHealth">) {
  const title =
    source === "journal"
      ? "Sandbox request journal: every client's requests"
      : `This UI's own requests${status.state === "none" ? " (the servers have no journal)" : ""}`;
  const health = showHealth ? "h hides the health checks" : `h shows the health checks (${hiddenHealth} hidden)`;
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        {title}
      </Text>
      {status.state === "looking" ? <Spinner label="Looking for the sandbox's request journal…" /> : null}
      {status.state === "none" ? (
        <Tinted tone="muted" wrap="truncate-end">
          No journal: {status.reason}
        </Tinted>
      ) : null}
      {status.state === "following" ? (
        <Tinted tone="muted" wrap="truncate-end">
          ↑↓ Enter opens · s: {source === "journal" ? "this UI's own requests" : "the sandbox's journal"}
          {source === "journal" ? ` · ${health}` : ""}
        </Tinted>
      ) : null}
    </Box>
  );
}
