import type { H3 } from "h3";
import { CONTROLS_PREFIX } from "../contracts/controls/prefix.ts";
import type { SandboxHealth } from "../contracts/controls/schemas.ts";
import { guardControls } from "./access.ts";
import { addClockRoutes } from "./clock-routes.ts";
import type { Controls } from "./controls.ts";
import { addFaultRoutes } from "./faults/routes.ts";
import { addJournalRoutes } from "./journal-routes.ts";
import { addStateRoutes } from "./state-routes.ts";
import { addTriggerRoutes } from "./trigger-routes.ts";

/** The /__sandbox/ routes every server answers; each group of controls adds its own here. */
export function addControlRoutes(app: H3, controls: Controls): void {
  guardControls(app, controls);
  app.get(
    `${CONTROLS_PREFIX}health`,
    (): SandboxHealth => ({
      status: "ok",
      startedAt: controls.startedAt.toISOString(),
      uptimeMs: Date.now() - controls.startedAt.getTime(),
      now: controls.clock.now().toISOString(),
      urls: controls.urls,
      stats: controls.stats(),
      journal: controls.journal.figures(),
    }),
    {
      meta: {
        description:
          "Sandbox control: the sandbox's own health, URLs, clock, counters and how full each server's request journal is",
      },
    },
  );
  addClockRoutes(app, controls);
  addFaultRoutes(app, controls);
  addStateRoutes(app, controls);
  addTriggerRoutes(app, controls);
  addJournalRoutes(app, controls);
}
