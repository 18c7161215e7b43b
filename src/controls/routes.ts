import type { H3 } from "h3";
import type { Controls } from "./controls.ts";
import { addJournalRoutes } from "./journal-routes.ts";
import { CONTROLS_PREFIX } from "./prefix.ts";

/** The /__sandbox/ routes every server answers; each group of controls adds its own here. */
export function addControlRoutes(app: H3, controls: Controls): void {
  app.get(`${CONTROLS_PREFIX}health`, () => ({
    status: "ok",
    startedAt: controls.startedAt.toISOString(),
    uptimeMs: Date.now() - controls.startedAt.getTime(),
    now: controls.clock.now().toISOString(),
    urls: controls.urls,
    stats: controls.stats(),
  }), { meta: { description: "Sandbox control: the sandbox's own health, URLs, clock and counters" } });
  addJournalRoutes(app, controls);
}
