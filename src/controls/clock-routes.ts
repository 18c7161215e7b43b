import type { H3 } from "h3";
import type { Clock } from "../clock.ts";
import { parseDuration } from "../config/duration.ts";
import { fail } from "../http/errors.ts";
import { parseInstant } from "../http/instant.ts";
import { readJsonObject } from "../http/json-body.ts";
import type { Controls } from "./controls.ts";
import { CONTROLS_PREFIX } from "./prefix.ts";

/** What the clock controls answer: the sandbox's now, and how far it is from the system time. */
export interface ClockState {
  now: string;
  /** Milliseconds ahead of the system time (negative: behind); 0 when the clock was never moved or was reset. */
  offsetMs: number;
}

const MOVES = ["advance", "set", "reset"] as const;

/** GET and POST /__sandbox/clock: the one clock the three servers share. */
export function addClockRoutes(app: H3, controls: Controls): void {
  const state = (): ClockState => ({ now: controls.clock.now().toISOString(), offsetMs: controls.clock.offsetMs });
  app.get(`${CONTROLS_PREFIX}clock`, state, {
    meta: { description: "Sandbox control: the sandbox clock's now and its offset from the system time" },
  });
  app.post(
    `${CONTROLS_PREFIX}clock`,
    async (event) => {
      moveClock(controls.clock, await readJsonObject(event));
      return state();
    },
    {
      meta: { description: 'Sandbox control: move the clock, {advance: "25h"}, {set: "<ISO time>"} or {reset: true}' },
    },
  );
}

function moveClock(clock: Clock, body: Record<string, unknown>): void {
  const given = MOVES.filter((move) => Object.hasOwn(body, move));
  if (given.length !== 1) {
    fail(
      "validation_error",
      `Send exactly one of "advance" (a duration such as "25h"), "set" (an ISO 8601 time) or "reset" (true)${given.length > 1 ? `; got ${given.join(", ")}` : ""}`,
      { details: { field: given[1] ?? "advance" } },
    );
  }
  const { advance, set, reset } = body;
  if (given[0] === "advance") {
    const ms = typeof advance === "string" ? parseDuration(advance) : null;
    if (ms === null)
      fail(
        "validation_error",
        `"advance" must be a duration such as "90s", "15m", "25h" or "8d"; got ${JSON.stringify(advance)}`,
        { details: { field: "advance" } },
      );
    clock.advance(ms);
  } else if (given[0] === "set") {
    if (typeof set !== "string")
      fail("validation_error", '"set" must be an ISO 8601 time such as "2030-01-01T09:00:00Z"', {
        details: { field: "set" },
      });
    clock.set(parseInstant("set", set, "start"));
  } else {
    if (reset !== true) fail("validation_error", '"reset" must be true', { details: { field: "reset" } });
    clock.reset();
  }
}
