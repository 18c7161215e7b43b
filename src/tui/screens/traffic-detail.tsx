import { Box, Text } from "ink";
import { useMemo } from "react";
import { JsonView } from "../components/JsonView.tsx";
import { useScroll } from "../hooks/use-scroll.ts";
import { type ExchangeRow, exchangeLines, exchangeTitle } from "./traffic-rows.ts";

/** One exchange opened: what it was, then its (masked) headers and bodies, scrolling. */
export function ExchangeDetail({ row, height, active }: { row: ExchangeRow; height: number; active: boolean }) {
  const text = useMemo(() => exchangeLines(row).join("\n"), [row]);
  const title = exchangeTitle(row);
  // The title, the hint, and JsonView's own "lines … of …".
  const viewHeight = Math.max(3, height - title.length - 2);
  const offset = useScroll(text.split("\n").length, viewHeight, { active, resetKey: row.key });
  return (
    <Box flexDirection="column">
      {title.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a line of the title is its number; the lines are plain text, with no state to keep
        <Text key={index} bold={index === 0} wrap="truncate-end">
          {line}
        </Text>
      ))}
      <Text dimColor>↑↓ PgUp PgDn scroll · Esc back to the list</Text>
      <JsonView value={text} offset={offset} height={viewHeight} />
    </Box>
  );
}
