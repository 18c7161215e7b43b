import { CONTROLS_PREFIX } from "../contracts/controls/prefix.ts";
import type { Scenario } from "./scenario.ts";

/** The controls a request step may call that throw away what a running sandbox holds: its data, or its journal. */
const DESTRUCTIVE_CONTROLS: readonly { method: string; path: string; does: string }[] = [
  { method: "POST", path: `${CONTROLS_PREFIX}import`, does: "replace the data" },
  { method: "POST", path: `${CONTROLS_PREFIX}reset`, does: "reset the data" },
  { method: "DELETE", path: `${CONTROLS_PREFIX}journal`, does: "clear the journal" },
];

/**
 * What of a scenario would throw away what a running sandbox holds, which others (a team, another
 * agent) rely on: its `data:` (imported over the sandbox's), and a request step that imports,
 * resets or clears the journal through the controls. Each as "<what> would <do to> the data" (or journal), for a refusal
 * before anything runs. A path built from a variable is not known before the step runs, and is not seen.
 */
export function destructiveParts(scenario: Scenario): string[] {
  return [
    ...(scenario.data === undefined ? [] : ["data: would replace the data"]),
    ...scenario.steps.flatMap((step, index) => {
      if (!step.request) return [];
      const method = (step.request.method ?? "GET").toUpperCase();
      // As the request's URL will have it: dot segments resolved, the query left out.
      const path = new URL(step.request.path, "http://sandbox").pathname.replace(/\/+$/, "").toLowerCase();
      const control = DESTRUCTIVE_CONTROLS.find((one) => one.method === method && one.path === path);
      return control ? [`step ${index + 1} (${method} ${step.request.path}) would ${control.does}`] : [];
    }),
  ];
}
