import { STOREFRONT_TRIGGER_TEXTS } from "../contracts/storefront/errors.ts";
import type { DeliveredOrder } from "../contracts/storefront/schemas.ts";
import { failWith } from "../errors.ts";
import { requireString } from "../http/fields.ts";
import { toOrderView } from "./orders.ts";
import type { StorefrontStore } from "./store.ts";

/**
 * The order-delivered trigger: the order named by `orderId` (its ORD-… reference, or its id)
 * takes the status Delivered, whoever it belongs to. An order already delivered stays so.
 */
export function deliverOrder(store: StorefrontStore, input: Record<string, unknown>): Promise<DeliveredOrder> {
  const reference = requireString(input, "orderId").trim();
  return store.update((draft) => {
    const order = draft.orders.find((candidate) => candidate.orderId === reference || candidate.id === reference);
    if (!order) failWith(STOREFRONT_TRIGGER_TEXTS.orderNotFound, { values: { reference } });
    const previousStatus = order.status;
    order.status = "Delivered";
    return { order: toOrderView(order), userId: order.userId, previousStatus };
  });
}
