import type { H3 } from "h3";
import { CLOCK_LIMITS, type Clock, withinClockLimits } from "../clock.ts";
import { CONTROL_TEXTS } from "../contracts/controls/errors.ts";
import { CONTROLS } from "../contracts/controls/routes.ts";
import type { ClockState } from "../contracts/controls/schemas.ts";
import { parseInstant } from "../contracts/instant.ts";
import { parseDuration } from "../duration.ts";
import { failWith } from "../errors.ts";
import { addControl } from "../http/control-route.ts";
import { readJsonObject } from "../http/json-body.ts";
import type { Controls } from "./controls.ts";

const MOVES = ["advance", "set", "reset"] as const;

/** GET and POST /__sandbox/clock: the one clock the three servers share. */
export function addClockRoutes(app: H3, controls: Controls): void {
  const state = (): ClockState => ({ now: controls.clock.now().toISOString(), offsetMs: controls.clock.offsetMs });
  addControl(app, CONTROLS.clock, state);
  addControl(app, CONTROLS.moveClock, async (event) => {
    moveClock(controls.clock, await readJsonObject(event));
    return state();
  });
}

function moveClock(clock: Clock, body: Record<string, unknown>): void {
  const given = MOVES.filter((move) => Object.hasOwn(body, move));
  if (given.length !== 1) {
    failWith(given.length > 1 ? CONTROL_TEXTS.clockMoves : CONTROL_TEXTS.noClockMove, {
      values: { moves: given.join(", ") },
      details: { field: given[1] ?? "advance" },
    });
  }
  const { advance, set, reset } = body;
  if (given[0] === "advance") {
    const ms = typeof advance === "string" ? parseDuration(advance) : null;
    if (ms === null)
      failWith(CONTROL_TEXTS.advance, { values: { value: JSON.stringify(advance) }, details: { field: "advance" } });
    keepOnCalendar(clock.nowMs() + ms, "advance", String(advance));
    clock.advance(ms);
  } else if (given[0] === "set") {
    if (typeof set !== "string") failWith(CONTROL_TEXTS.set, { details: { field: "set" } });
    const time = parseInstant("set", set, "start");
    keepOnCalendar(time.getTime(), "set", set);
    clock.set(time);
  } else {
    if (reset !== true) failWith(CONTROL_TEXTS.reset, { details: { field: "reset" } });
    clock.reset();
  }
}

/** A move whose now would fall outside CLOCK_LIMITS is refused, naming them (the clock would refuse it too, as a bug). */
function keepOnCalendar(target: number, field: "advance" | "set", value: string): void {
  if (withinClockLimits(target)) return;
  failWith(CONTROL_TEXTS.offCalendar, {
    values: {
      field,
      value: JSON.stringify(value),
      earliest: new Date(CLOCK_LIMITS.earliest).toISOString(),
      latest: new Date(CLOCK_LIMITS.latest).toISOString(),
    },
    details: { field },
  });
}
