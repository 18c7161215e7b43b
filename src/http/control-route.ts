import type { H3, H3Event } from "h3";
import { CONTROLS_PREFIX } from "../contracts/controls/prefix.ts";
import type { ControlContract, ControlReply } from "../contracts/controls/routes.ts";

/**
 * Registers a control (src/contracts/controls/routes.ts) under CONTROLS_PREFIX, for its method and
 * with its description: its code must answer what the contract's schema types, which is what
 * ControlsClient checks the answer against; a contract's 201 is set here.
 */
export function addControl<const C extends ControlContract>(
  app: H3,
  contract: C,
  handler: (event: H3Event) => ControlReply<C> | Promise<ControlReply<C>>,
): void {
  const { method, path, description, status } = contract;
  app.on(
    method,
    `${CONTROLS_PREFIX}${path}`,
    async (event) => {
      const reply = await handler(event);
      if (status) event.res.status = status;
      return reply;
    },
    { meta: { description: `Sandbox control: ${description}` } },
  );
}
