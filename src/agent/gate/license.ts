import { isDeepStrictEqual } from "node:util";
import type { Condition } from "./condition.ts";

/** What the gate let through: the write, the values the user's words gave, why, and a condition still to check. */
export interface WriteLicense {
  action: string;
  /** The values the request gave; the call must send these (a follow-up may add what was missing). */
  parameters: Record<string, unknown>;
  /** The words that asked for it. */
  request: string;
  /** A condition on the balance, which needs a read before the write (a price is checked at once). */
  condition?: Condition;
}

/** Whether the call is the one the license allows: the same action and the values the user's words gave. */
export function licensed(
  license: WriteLicense | undefined,
  action: string,
  parameters: Record<string, unknown>,
): boolean {
  return (
    license !== undefined &&
    license.action === action &&
    Object.entries(license.parameters).every(([name, value]) => isDeepStrictEqual(parameters[name], value))
  );
}
