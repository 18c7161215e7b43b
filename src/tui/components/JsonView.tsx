import { Box, Text } from "ink";

/** Pretty JSON (or text), `height` lines of it from line `offset`: the caller scrolls. */
export function JsonView({ value, offset = 0, height }: { value: unknown; offset?: number; height: number }) {
  const lines = jsonLines(value);
  const first = Math.max(0, Math.min(offset, lines.length - height));
  const shown = lines.slice(first, first + height);
  return (
    <Box flexDirection="column">
      {shown.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a line of the text is its number; the lines are plain text, with no state to keep
        <Text key={first + index} wrap="truncate-end">
          {/* An empty Text takes no row: a blank line of the text keeps its row with a space. */}
          {line || " "}
        </Text>
      ))}
      {lines.length > height ? (
        <Text dimColor>
          lines {first + 1}–{first + shown.length} of {lines.length}
        </Text>
      ) : null}
    </Box>
  );
}

export function jsonLines(value: unknown): string[] {
  return (typeof value === "string" ? value : (JSON.stringify(value, null, 2) ?? "")).split("\n");
}
