import { parseDuration } from "../duration.ts";
import { IdentityError } from "./errors.ts";

/**
 * A token's lifetime as the config takes durations (90s, 15m, 1h), in whole seconds (rounded up).
 * `name` is what the message calls it: the CLI's flag, or the UI's field.
 */
export function parseTtl(given: string, name = "--ttl"): number {
  // A bare number would be read as seconds, which "--ttl 10" (meant as minutes) shows is a guess: a unit is required.
  const ms = /^\s*\d+(\.\d+)?\s*$/.test(given) ? null : parseDuration(given);
  if (ms === null)
    throw new IdentityError(
      `${name} must be a duration with its unit, such as 90s, 10m or 1h; got ${JSON.stringify(given)}.`,
    );
  return Math.ceil(ms / 1000);
}
