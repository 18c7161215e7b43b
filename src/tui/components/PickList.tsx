import { Box, Text } from "ink";
import { visibleWindow } from "../hooks/use-list-cursor.ts";

/** Lines with a cursor (❯ and inverse when the list has the keyboard), `height` of them around it. */
export function PickList({ lines, cursor, height, focused }: { lines: readonly string[]; cursor: number; height: number; focused: boolean }) {
  const { from, to } = visibleWindow(lines.length, cursor, height);
  return (
    <Box flexDirection="column">
      {lines.slice(from, to).map((line, offset) => {
        const at = from + offset === cursor;
        return <Text key={from + offset} inverse={at && focused} wrap="truncate-end">{at ? "❯ " : "  "}{line}</Text>;
      })}
    </Box>
  );
}
