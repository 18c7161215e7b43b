import { Box, Text } from "ink";
import { GLOBAL_KEYS, SCREENS } from "../keys.ts";

/** Every key, from the same table the router reads. */
export function HelpOverlay({ screenKeys }: { screenKeys: readonly { key: string; help: string }[] }) {
  const keyWidth = Math.max(3, ...[...GLOBAL_KEYS, ...screenKeys].map((entry) => entry.key.length));
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1}>
      <Text bold>Keys</Text>
      {SCREENS.map((screen) => (
        <Text key={screen.key} wrap="truncate-end">
          {"  "}
          {screen.key.padEnd(keyWidth)} {screen.title}: {screen.help}
        </Text>
      ))}
      {GLOBAL_KEYS.map((entry) => (
        <Text key={entry.key} wrap="truncate-end">
          {"  "}
          {entry.key.padEnd(keyWidth)} {entry.help}
        </Text>
      ))}
      {screenKeys.length > 0 ? <Text bold>On this screen</Text> : null}
      {screenKeys.map((entry) => (
        <Text key={entry.key} wrap="truncate-end">
          {"  "}
          {entry.key.padEnd(keyWidth)} {entry.help}
        </Text>
      ))}
      <Text dimColor>? or Esc closes this help</Text>
    </Box>
  );
}
