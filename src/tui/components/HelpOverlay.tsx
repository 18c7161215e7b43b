import { Box, Text } from "ink";
import { useScroll } from "../hooks/use-scroll.ts";
import { GLOBAL_KEYS, SCREENS } from "../keys.ts";
import { wrapHanging } from "./wrap-words.ts";

type KeyHelp = { key: string; help: string };

/** The box's border and padding: two columns either side, a row above and below. */
const FRAME_COLUMNS = 4;
const FRAME_ROWS = 2;
/** The title above the keys, and the line under them that says how to close (and scroll). */
const FIXED_ROWS = 2;

/**
 * Every key, from the same table the router reads, in a box no larger than the body (`width` ×
 * `height`): a help too long to wrap is wrapped under its own column, and the keys scroll (↑↓
 * PgUp PgDn) when they do not all fit, the title and the closing line staying in place.
 */
export function HelpOverlay({
  screenKeys,
  width,
  height,
}: {
  screenKeys: readonly KeyHelp[];
  width: number;
  height: number;
}) {
  const lines = helpLines(screenKeys, width - FRAME_COLUMNS);
  const rows = Math.max(1, height - FRAME_ROWS - FIXED_ROWS);
  const offset = useScroll(lines.length, rows, { active: true });
  const shown = lines.slice(offset, offset + rows);
  const scrolls = lines.length > rows;
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1} flexShrink={0}>
      <Text bold>Keys</Text>
      {shown.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a line of the help is its number; plain text, with no state to keep
        <Text key={offset + index} bold={line.heading}>
          {line.text}
        </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        ? or Esc closes this help
        {scrolls ? ` · ↑↓ PgUp PgDn scroll: lines ${offset + 1}–${offset + shown.length} of ${lines.length}` : ""}
      </Text>
    </Box>
  );
}

/** The help's lines at this width: the screens' keys, the keys of every screen, then the shown screen's own. */
export function helpLines(screenKeys: readonly KeyHelp[], width: number): { text: string; heading?: boolean }[] {
  const keyWidth = Math.max(3, ...[...GLOBAL_KEYS, ...screenKeys].map((entry) => entry.key.length));
  const entry = ({ key, help }: KeyHelp) =>
    wrapHanging(`  ${key.padEnd(keyWidth)} `, help, width).map((text) => ({ text }));
  return [
    ...SCREENS.flatMap((screen) => entry({ key: screen.key, help: `${screen.title}: ${screen.help}` })),
    ...GLOBAL_KEYS.flatMap(entry),
    ...(screenKeys.length > 0 ? [{ text: "On this screen", heading: true }] : []),
    ...screenKeys.flatMap(entry),
  ];
}
