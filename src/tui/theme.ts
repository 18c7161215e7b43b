import { defaultTheme, type Theme } from "@inkjs/ui";

/** What a colour means, the same on every screen. */
export type Tone = "success" | "error" | "pending" | "muted" | "accent";

const COLORS: Record<Tone, string> = {
  success: "green",
  error: "red",
  pending: "yellow",
  muted: "gray",
  accent: "cyan",
};

/** The colour for a tone, or none when NO_COLOR asks for none. */
export function toneColor(tone: Tone, noColor: boolean): string | undefined {
  return noColor ? undefined : COLORS[tone];
}

/** The @inkjs/ui components' theme, stripped of its colours under NO_COLOR (bold, inverse and the rest stay). */
export function componentTheme(noColor: boolean): Theme {
  if (!noColor) return defaultTheme;
  const components = Object.fromEntries(
    Object.entries(defaultTheme.components).map(([name, component]) => [
      name,
      {
        ...component,
        styles: Object.fromEntries(
          Object.entries(component.styles ?? {}).map(([part, style]) => [
            part,
            (props?: unknown) => {
              const { color: _color, backgroundColor: _background, borderColor: _border, ...rest } = style(props);
              return rest;
            },
          ]),
        ),
      },
    ]),
  );
  return { components };
}
