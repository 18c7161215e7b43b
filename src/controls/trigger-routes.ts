import type { H3 } from "h3";
import { CONTROL_TEXTS } from "../contracts/controls/errors.ts";
import { CONTROLS, isTriggerName } from "../contracts/controls/routes.ts";
import { failWith } from "../errors.ts";
import { addControl } from "../http/control-route.ts";
import { readJsonObject } from "../http/json-body.ts";
import type { Controls, Triggers } from "./controls.ts";

/** POST /__sandbox/trigger/<name>: the running service that has the trigger acts on its data, as the JSON body says. */
export function addTriggerRoutes(app: H3, controls: Controls): void {
  const triggers: Triggers = Object.assign({}, ...controls.services.map(({ service }) => service.triggers ?? {}));
  const running = controls.services.map((service) => service.name).join(", ");
  addControl(app, CONTROLS.trigger, async (event) => {
    const name = event.context.params?.name ?? "";
    const trigger = isTriggerName(name) ? triggers[name] : undefined;
    if (!trigger)
      failWith(CONTROL_TEXTS.noTrigger, {
        values: { name, running, triggers: Object.keys(triggers).join(", ") || "none" },
      });
    return trigger(await readJsonObject(event));
  });
}
