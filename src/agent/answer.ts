import type { ActionCall } from "./actions/call.ts";

// The answers of several services, read field by field.
type Body = Record<string, any>;

const PERIOD_WORDS: Record<string, string> = { "7d": "the last 7 days", "30d": "the last 30 days", "90d": "the last 90 days", "1y": "the last year" };

const money = (amount: number, currency: string) => `${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
const naira = (amount: number) => `₦${amount.toLocaleString("en-NG", { maximumFractionDigits: 2 })}`;

/**
 * One line that answers the question from the call's response, as an agent would say it: to the
 * user ("your balance"), or, given the user's name, about them ("Ada Okafor's balance"), for an
 * agent that relays answers for several users and must not mix them up.
 */
export function answerLine(call: ActionCall, userName?: string): string {
  const body = call.response.body as Body;
  const owner = userName ? `${userName}'s` : undefined;
  const forUser = userName ? ` for ${userName}` : "";
  if (call.response.status >= 400) return `The ${call.action} call${forUser} failed: ${call.response.status} ${body?.code ?? body?.error ?? ""}${body?.error && body?.code ? ` (${body.error})` : ""}${body?.hint ? `. ${body.hint}` : ""}`;
  switch (call.action) {
    case "search_products": {
      const items = (body.items ?? []) as Body[];
      if (items.length === 0) return `No product matches "${call.parameters.query}".`;
      return `Found ${items.length}: ${items.slice(0, 5).map((item) => `${item.name} (${item.price}, ${item.description})`).join("; ")}${items.length > 5 ? "; …" : ""}.`;
    }
    case "add_to_cart": {
      const items = (body.items ?? []) as Body[];
      const added = items.find((item) => item.id === call.parameters.product_id);
      return `Added ${call.parameters.quantity ?? 1} × ${added?.name ?? call.parameters.product_id}. ${owner ?? "The"} cart has ${items.length} line${items.length === 1 ? "" : "s"}, subtotal ${naira(body.subtotal)}.`;
    }
    case "get_orders": {
      const orders = (body.orders ?? []) as Body[];
      if (orders.length === 0) return call.parameters.order_id ? `No order ${call.parameters.order_id}${forUser}.` : userName ? `${userName} has no orders yet.` : "No orders yet.";
      return `${owner ? `${owner} orders: ` : ""}${orders.map((order) => `${order.orderId}: ${order.status}, ${order.mainProduct.name}${order.additionalItemsCount ? ` and ${order.additionalItemsCount} more` : ""}, ${order.orderDate}`).join("; ")}`;
    }
    case "get_spending_income_insights":
    case "list_transactions": {
      const insights = body.insights as Body | undefined;
      const count = ((body.transactions ?? []) as Body[]).length;
      if (!insights) return `${count} transaction${count === 1 ? "" : "s"}${forUser}.`;
      const window = PERIOD_WORDS[String(call.parameters.period)] ?? "that window";
      if (call.parameters.direction === "income") return `${money(insights.income, insights.currency)} came in${owner ? ` to ${owner} wallet` : ""} over ${window} (${count} incoming transactions; failed ones are not counted).`;
      return `Over ${window} ${userName ?? "you"} spent ${money(insights.spending, insights.currency)} and received ${money(insights.income, insights.currency)}: net ${money(insights.net, insights.currency)}.`;
    }
    case "get_transaction_status":
      return `${body.id} (${body.description}, ${money(body.amount, body.currency)}, ${body.createdAt.slice(0, 10)}): ${body.status}.`;
    case "get_wallet":
      return `${owner ?? "Your"} balance is ${money(body.balance, body.currency)} (${((body.transactions ?? []) as Body[]).length} transactions listed).`;
    default:
      return `${call.action} answered ${call.response.status}.`;
  }
}
