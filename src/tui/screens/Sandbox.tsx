import { Box, Text } from "ink";
import { JsonView } from "../components/JsonView.tsx";
import { useServices } from "../context.tsx";
import { useScroll } from "../hooks/use-scroll.ts";
import { useStoreState } from "../state/store.ts";
import type { ScreenProps } from "./index.ts";
import { sandboxInfo, wrapLines } from "./sandbox-info.ts";

export const SANDBOX_KEYS = [{ key: "↑↓ PgUp PgDn", help: "scroll, when it is longer than the screen" }] as const;

/**
 * What `sandbox start` printed, which the UI's alternate screen would hide: the URLs, the demo users
 * and their passwords, the tokens, the OAuth client. Joined to a running sandbox: its URLs, and where the rest went.
 */
export function SandboxScreen({ active, width, height }: ScreenProps) {
  const { settings, store } = useServices();
  // Drawn again when the UI follows a restarted sandbox (its URLs change in place).
  useStoreState(store, (state) => state.urlsVersion);
  const lines = wrapLines(sandboxInfo(settings), width - 2);
  const scrolls = lines.length > height;
  // Scrolling, the last two rows are the range of lines shown and the keys that move it.
  const viewHeight = scrolls ? Math.max(1, height - 2) : height;
  const offset = useScroll(lines.length, viewHeight, { active });
  return (
    <Box flexDirection="column" paddingX={1}>
      <JsonView value={lines.join("\n")} offset={offset} height={viewHeight} />
      {scrolls ? <Text dimColor>↑↓ PgUp PgDn scroll</Text> : null}
    </Box>
  );
}
