import type { OrderView } from "../contracts/storefront/schemas.ts";
import { toMajorUnits } from "../money.ts";
import type { StoredOrder } from "./model.ts";

const TIME_ZONE = "Africa/Lagos";
/** Made at the first order shown, not when the module loads: the first Intl format of a process loads the locale data (~70 ms). */
let formats: { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | undefined;
const lagos = () =>
  (formats ??= {
    date: new Intl.DateTimeFormat("en-GB", {
      timeZone: TIME_ZONE,
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
    }),
    time: new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, hour: "numeric", minute: "2-digit", hour12: true }),
  });

/** "Tuesday, 12 November 2024" in Lagos time. */
export function formatOrderDate(date: Date): string {
  const parts = Object.fromEntries(
    lagos()
      .date.formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}`;
}

/** "3:45 pm" in Lagos time. */
export function formatOrderTime(date: Date): string {
  return lagos()
    .time.format(date)
    .replace(/\s*(AM|PM)$/i, (_, half: string) => ` ${half.toLowerCase()}`);
}

/**
 * The user's orders, newest first. `orderId` (trimmed) narrows to that reference, and none
 * matching is an empty list; a blank one is no filter, as a blank product query is.
 */
export function listOrders(orders: readonly StoredOrder[], userId: string, orderId: string | undefined): OrderView[] {
  const reference = orderId?.trim() || undefined;
  return orders
    .filter((order) => order.userId === userId && (reference === undefined || order.orderId === reference))
    .sort((a, b) => b.placedAt.localeCompare(a.placedAt))
    .map(toOrderView);
}

export function toOrderView(order: StoredOrder): OrderView {
  const placedAt = new Date(order.placedAt);
  const [main, ...additional] = order.items;
  // The shape check keeps an order with no item out of the data.
  if (!main) throw new Error(`Order ${order.id} has no items`);
  return {
    id: order.id,
    orderId: order.orderId,
    status: order.status,
    orderDate: formatOrderDate(placedAt),
    orderTime: formatOrderTime(placedAt),
    mainProduct: {
      name: main.name,
      description: main.description,
      price: toMajorUnits(main.priceKobo),
      quantity: main.quantity,
      imageUrl: main.imageUrl,
    },
    additionalItemsCount: additional.length,
  };
}
