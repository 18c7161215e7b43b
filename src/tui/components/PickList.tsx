import { Box, Text } from "ink";
import { visibleWindow } from "../hooks/use-list-cursor.ts";

/**
 * Lines with a cursor (❯ and inverse when the list has the keyboard), `height` rows around it. A
 * list taller than that keeps its last row to say there is more, below (or, at the end, above).
 */
export function PickList({
  lines,
  cursor,
  height,
  focused,
}: {
  lines: readonly string[];
  cursor: number;
  height: number;
  focused: boolean;
}) {
  const scrolls = lines.length > height;
  const { from, to } = visibleWindow(lines.length, cursor, scrolls ? Math.max(1, height - 1) : height);
  return (
    <Box flexDirection="column">
      {lines.slice(from, to).map((line, offset) => {
        const at = from + offset === cursor;
        return (
          <Text key={from + offset} inverse={at && focused} wrap="truncate-end">
            {at ? "❯ " : "  "}
            {line}
          </Text>
        );
      })}
      {scrolls ? (
        <Text dimColor>
          {"  "}
          {to < lines.length ? `more below ↓ (${lines.length - to})` : `more above ↑ (${from})`}
        </Text>
      ) : null}
    </Box>
  );
}
