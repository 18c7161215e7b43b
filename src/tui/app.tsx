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
 * The router: one key per screen, the help overlay, the status bar. A screen stays mounted once
 * shown, so that going elsewhere and back keeps what it was doing; only the shown one takes keys.
 */
export function App() {
  const { store } = useServices();
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const editing = useStoreState(store, (state) => state.editing);
  const [screen, setScreen] = useState<ScreenId>("signin");
  const [visited, setVisited] = useState<readonly ScreenId[]>(["signin"]);
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

  // Below 90 columns the tabs lose their trailing space, so that all eight fit in 80.
  const roomy = columns >= 90;
  // One row short of the terminal: Ink redraws a frame as tall as the terminal by clearing it, which flickers.
  const height = Math.max(10, rows - 1);
  const bodyHeight = height - STATUS_ROWS - TAB_ROWS;
  return (
    <Box flexDirection="column" width={columns} height={height}>
      <Text wrap="truncate-end">
        {SCREENS.map((entry) => (
          <Text key={entry.key} inverse={entry.id === screen}>
            {" "}
            {entry.key} {entry.tab}
            {roomy ? " " : ""}
          </Text>
        ))}
      </Text>
      <Box flexDirection="column" height={bodyHeight} overflow="hidden">
        {help ? <HelpOverlay screenKeys={SCREEN_TABLE[screen].keys} /> : null}
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
