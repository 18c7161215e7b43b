import { Box, Text } from "ink";
import { useServices } from "../context.tsx";
import { toneColor } from "../theme.ts";

export interface Column<Row> {
  title: string;
  width: number;
  /** Right-aligned (amounts, counts). */
  right?: boolean;
  value(row: Row): string;
}

/** Rows under a header, each cell cut to its column; the selected row is inverse. */
export function Table<Row>({
  columns,
  rows,
  selected,
  empty,
}: {
  columns: Column<Row>[];
  rows: readonly Row[];
  selected?: number;
  empty: string;
}) {
  const { settings } = useServices();
  const line = (cells: string[]) =>
    cells.map((cell, index) => fit(cell, columns[index]!.width, columns[index]!.right)).join(" ");
  return (
    <Box flexDirection="column">
      <Text bold>{line(columns.map((column) => column.title))}</Text>
      {rows.length === 0 ? <Text color={toneColor("muted", settings.noColor)}>{empty}</Text> : null}
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows of any type have no key of their own; a row is plain text, with no state to keep
        <Text key={index} inverse={index === selected} wrap="truncate-end">
          {line(columns.map((column) => column.value(row)))}
        </Text>
      ))}
    </Box>
  );
}

function fit(text: string, width: number, right = false): string {
  const cut = text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text;
  return right ? cut.padStart(width) : cut.padEnd(width);
}
