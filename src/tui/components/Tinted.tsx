import { Text } from "ink";
import type { ReactNode } from "react";
import { useServices } from "../context.tsx";
import { type Tone, toneColor } from "../theme.ts";

/** Text in the colour of what it means (success, error, pending…), or plain under NO_COLOR. */
export function Tinted({
  tone,
  bold,
  wrap,
  children,
}: {
  tone: Tone;
  bold?: boolean;
  wrap?: "wrap" | "truncate-end";
  children: ReactNode;
}) {
  const { settings } = useServices();
  return (
    <Text color={toneColor(tone, settings.noColor)} bold={bold} wrap={wrap}>
      {children}
    </Text>
  );
}
