import type { H3 } from "h3";
import { CONTROL_TEXTS } from "../contracts/controls/errors.ts";
import { CONTROLS_PREFIX } from "../contracts/controls/prefix.ts";
import { failWith } from "../errors.ts";
import { readJsonObject } from "../http/json-body.ts";
import type { Controls, Trigger } from "./controls.ts";

/** POST /__sandbox/trigger/<name>: the running service that has the trigger acts on its data, as the JSON body says. */
export function addTriggerRoutes(app: H3, controls: Controls): void {
  const triggers: Record<string, Trigger> = Object.assign(
    {},
    ...controls.services.map(({ service }) => service.triggers ?? {}),
  );
  const running = controls.services.map((service) => service.name).join(", ");
  app.post(
    `${CONTROLS_PREFIX}trigger/:name`,
    async (event) => {
      const name = event.context.params?.name ?? "";
      if (!Object.hasOwn(triggers, name))
        failWith(CONTROL_TEXTS.noTrigger, {
          values: { name, running, triggers: Object.keys(triggers).join(", ") || "none" },
        });
      return triggers[name]!(await readJsonObject(event));
    },
    {
      meta: {
        description:
          "Sandbox control: order-delivered {orderId}, transaction {user, amount, direction, status?, type?, description?}, transaction-status {transactionId, status}",
      },
    },
  );
}
