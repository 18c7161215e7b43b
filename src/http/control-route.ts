import type { H3, H3Event } from "h3";
import { CONTROLS_PREFIX } from "../contracts/controls/prefix.ts";
import type { ControlContract, ControlReply } from "../contracts/controls/routes.ts";
import { JsonBytes } from "../json-slices.ts";
import { JSON_TYPE } from "./response-headers.ts";

/** The answer the contract's schema types, or its JSON text made already (a long one, made in slices: src/json-slices.ts). */
type Reply<C> = ControlReply<C> | JsonBytes<ControlReply<C>>;

/**
 * Registers a control (src/contracts/controls/routes.ts) under CONTROLS_PREFIX, for its method and
 * with its description: its code must answer what the contract's schema types, which is what
 * ControlsClient checks the answer against; a contract's 201 is set here.
 */
export function addControl<const C extends ControlContract>(
  app: H3,
  contract: C,
  handler: (event: H3Event) => Reply<C> | Promise<Reply<C>>,
): void {
  const { method, path, description, status } = contract;
  app.on(
    method,
    `${CONTROLS_PREFIX}${path}`,
    async (event) => {
      const reply = await handler(event);
      if (status) event.res.status = status;
      if (!(reply instanceof JsonBytes)) return reply;
      const headers = { "content-type": JSON_TYPE, "content-length": String(reply.byteLength) };
      return new Response(reply.body(), { status: event.res.status ?? 200, headers });
    },
    { meta: { description: `Sandbox control: ${description}` } },
  );
}
