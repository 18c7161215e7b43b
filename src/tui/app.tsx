import { Box, Text, useApp, useInput } from "ink";
import { useState } from "react";
import { HelpOverlay } from "./components/HelpOverlay.tsx";
import { StatusBar } from "./components/StatusBar.tsx";
import { useServices } from "./context.tsx";
import { useCartFeedConnection } from "./hooks/use-cart-feed.ts";
import { useFollowSandbox } from "./hooks/use-follow-sandbox.ts";
import { useHealth } from "./hooks/use-health.ts";
import { useTerminalSize } from "./hooks/use-terminal-size.ts";
import { SCREENS, type ScreenId } from "./keys.ts";
import { SCREEN_TABLE } from "./screens/table.ts";
import { useStoreState } from "./state/store.ts";

/** The status bar's height, with its top rule. */
const STATUS_ROWS = 3;
/** The tab line. */
const TAB_ROWS = 1;
/**
 * How a tab is drawn, roomiest first: " 1 Sign in ", " 1 Sign in", " 1Sign in" (the key in bold);
 * the first whose line fits is used (nine tabs take 95, 86 and 77 columns).
 */
const TAB_STYLES = [
  { gap: " ", after: " " },
  { gap: " ", after: "" },
  { gap: "", after: "" },
] as const;

function tabStyle(columns: number): (typeof TAB_STYLES)[number] {
  const width = (style: (typeof TAB_STYLES)[number]) =>
    SCREENS.reduce(
      (sum, entry) => sum + 1 + entry.key.length + style.gap.length + entry.tab.length + style.after.length,
      0,
    );
  return TAB_STYLES.find((style) => width(style) <= columns) ?? TAB_STYLES[2];
}

/**
 * The router: one key per screen, the help overlay, the status bar. A screen stays mounted once
 * shown, so that going elsewhere and back keeps what it was doing; only the shown one takes keys.
 */
export function App() {
  const { settings, store } = useServices();
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const editing = useStoreState(store, (state) => state.editing);
  // Started with the sandbox (start --ui), the UI opens on what start printed: the alternate screen hid it.
  const first: ScreenId = settings.banner === undefined ? "signin" : "sandbox";
  const [screen, setScreen] = useState<ScreenId>(first);
  const [visited, setVisited] = useState<readonly ScreenId[]>([first]);
  const [help, setHelp] = useState(false);
  useHealth();
  useFollowSandbox();
  useCartFeedConnection();

  // Always listening (a field that has the keyboard gets the keys, not this): were no input hook
  // active for a moment, as when focus moves from one field to the next, Ink would turn raw mode
  // off and the terminal would echo what is typed over the UI.
  useInput((input, key) => {
    if (editing) return;
    if (help && (input === "?" || key.escape)) return setHelp(false);
    if (input === "?") return setHelp(true);
    if (input === "q") return exit();
    const target = SCREENS.find((entry) => entry.key === input);
    if (!target) return;
    setHelp(false);
    // Acting on another screen: the status bar's last error (still shown in place on its screen) gives way to the keys.
    if (target.id !== screen) store.reportError(undefined);
    setScreen(target.id);
    setVisited((before) => (before.includes(target.id) ? before : [...before, target.id]));
  });

  const tabs = tabStyle(columns);
  // One row short of the terminal: Ink redraws a frame as tall as the terminal by clearing it, which flickers.
  const height = Math.max(10, rows - 1);
  const bodyHeight = height - STATUS_ROWS - TAB_ROWS;
  return (
    <Box flexDirection="column" width={columns} height={height}>
      <Text wrap="truncate-end">
        {SCREENS.map((entry) => (
          <Text key={entry.key} inverse={entry.id === screen}>
            {" "}
            <Text bold>{entry.key}</Text>
            {tabs.gap}
            {entry.tab}
            {tabs.after}
          </Text>
        ))}
      </Text>
      <Box flexDirection="column" height={bodyHeight} overflow="hidden">
        {help ? <HelpOverlay screenKeys={SCREEN_TABLE[screen].keys} width={columns} height={bodyHeight} /> : null}
        {visited.map((id) => {
          const { Component } = SCREEN_TABLE[id];
          const shown = !help && id === screen;
          return (
            <Box key={id} display={shown ? "flex" : "none"} flexDirection="column" height={bodyHeight}>
              <Component active={shown} width={columns} height={bodyHeight} />
            </Box>
          );
        })}
      </Box>
      <StatusBar />
    </Box>
  );
}
