import type { FunctionComponent } from "react";
import type { ScreenId } from "../keys.ts";

/** What every screen is given: whether it is the one shown (only then does it take keys), and its room. */
export interface ScreenProps {
  active: boolean;
  width: number;
  height: number;
}

export interface ScreenEntry {
  Component: FunctionComponent<ScreenProps>;
  /** The screen's own keys, for the help overlay. */
  keys: readonly { key: string; help: string }[];
}

export type ScreenTable = Record<ScreenId, ScreenEntry>;
