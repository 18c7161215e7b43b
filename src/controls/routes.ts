import type { H3 } from "h3";
import { CONTROLS } from "../contracts/controls/routes.ts";
import { addControl } from "../http/control-route.ts";
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
  addControl(app, CONTROLS.health, () => ({
    status: "ok" as const,
    startedAt: controls.startedAt.toISOString(),
    uptimeMs: Date.now() - controls.startedAt.getTime(),
    now: controls.clock.now().toISOString(),
    urls: controls.urls,
    stats: controls.stats(),
    journal: controls.journal.figures(),
  }));
  addClockRoutes(app, controls);
  addFaultRoutes(app, controls);
  addStateRoutes(app, controls);
  addTriggerRoutes(app, controls);
  addJournalRoutes(app, controls);
}
