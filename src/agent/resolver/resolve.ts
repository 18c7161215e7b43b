import { matchProduct, type CatalogEntry } from "./products.ts";
import { ORDER_ID, TRANSACTION_ID, periodOf, quantityOf } from "./phrases.ts";

/** What a question becomes: an action and its parameters, or the one question to ask first. */
export interface Resolution {
  action: string;
  parameters: Record<string, unknown>;
  followUp?: { parameter: string; question: string };
  /** Why the question cannot become one call (then nothing is sent). */
  problem?: string;
}

const DEFAULT_PERIOD = "30d";

/** Maps a question in plain English to an action, without any model: keywords, patterns and the catalog. */
export function resolveQuestion(question: string, catalog: readonly CatalogEntry[]): Resolution {
  const text = question.toLowerCase();
  const transactionId = TRANSACTION_ID.exec(question)?.[0];
  const orderId = ORDER_ID.exec(question)?.[0]?.toUpperCase();
  // An order reference or the word "order" wins over status words: "the status of order ORD-…" is an order question.
  if (!transactionId && (orderId || /\b(orders?|delivered|delivery|deliveries|shipped)\b/.test(text)) && !/\b(add|put|buy|order me)\b/.test(text)) {
    return { action: "get_orders", parameters: orderId ? { order_id: orderId } : {} };
  }
  if (transactionId || /\b(status|go through|went through|gone through|succeed|succeeded|fail|failed|declined)\b/.test(text)) {
    return transactionId
      ? { action: "get_transaction_status", parameters: { transaction_id: transactionId } }
      : { action: "get_transaction_status", parameters: {}, followUp: { parameter: "transaction_id", question: "Which transaction? Give its id (it looks like txn_ada_0002)." } };
  }
  const period = periodOf(text) ?? DEFAULT_PERIOD;
  if (/\b(spend|spent|spending|expenses?|outgoings?|paid out)\b/.test(text)) return { action: "get_spending_income_insights", parameters: { period } };
  if (/\b(income|earn|earned|earnings|came in|come in|received|receive|got paid|deposits?|money in)\b/.test(text)) {
    return { action: "list_transactions", parameters: { period, direction: "income", include_insights: true } };
  }
  if (/\bbalance\b|\bhow much (money )?(do i have|is (there )?in|have i got)\b|\bwallet\b/.test(text)) return { action: "get_wallet", parameters: {} };
  if (/\btransactions?\b|\bpayments?\b|\btransfers?\b/.test(text)) return { action: "list_transactions", parameters: { period } };
  if (/\b(add|put|buy|order me|get me|i want|i need|i'd like)\b/.test(text)) return addToCart(question, catalog);
  return searchProducts(question, catalog);
}

/** Fills the parameter the follow-up asked for from the answer, so the call can be retried. */
export function applyAnswer(resolution: Resolution, answer: string, catalog: readonly CatalogEntry[]): Resolution {
  const parameter = resolution.followUp?.parameter;
  if (!parameter) return resolution;
  const parameters = { ...resolution.parameters };
  if (parameter === "transaction_id") parameters.transaction_id = TRANSACTION_ID.exec(answer)?.[0] ?? answer.trim();
  else if (parameter === "product_id") {
    const match = matchProduct(answer, catalog);
    if (match && "product" in match) parameters.product_id = match.product.id;
  } else if (parameter === "query") parameters.query = answer.trim();
  else if (parameter === "period") parameters.period = periodOf(answer) ?? answer.trim();
  else parameters[parameter] = answer.trim();
  return { action: resolution.action, parameters };
}

function addToCart(question: string, catalog: readonly CatalogEntry[]): Resolution {
  const named = question.split(/\band\b|,|&|\bplus\b/i).map((part) => matchProduct(part, catalog)).filter((match) => match !== null && "product" in match);
  if (named.length > 1) return { action: "add_to_cart", parameters: {}, problem: "I can add one product at a time: ask for each one separately" };
  const quantity = quantityOf(question) ?? 1;
  const match = matchProduct(question, catalog);
  if (match && "product" in match) return { action: "add_to_cart", parameters: { product_id: match.product.id, quantity } };
  const options = match ? ` (${match.candidates.map((entry) => entry.name).join(", ")})` : "";
  return { action: "add_to_cart", parameters: { quantity }, followUp: { parameter: "product_id", question: `Which product should I add${options}?` } };
}

function searchProducts(question: string, catalog: readonly CatalogEntry[]): Resolution {
  const lower = question.toLowerCase();
  const named = catalog.filter((entry) => lower.includes(entry.name.toLowerCase())).sort((a, b) => b.name.length - a.name.length)[0];
  const words = question.toLowerCase().replace(/[?!.]/g, "").replace(/\b(do you (have|sell)|find|search( for)?|look(ing)? for|how much (is|are|does|do)|what does|price of|cost of|costs?|show me|any|some|the|a|an|me|cost)\b/g, " ").trim().replace(/\s+/g, " ");
  if (named) return { action: "search_products", parameters: { query: named.name } };
  if (words) return { action: "search_products", parameters: { query: words } };
  return { action: "search_products", parameters: {}, followUp: { parameter: "query", question: "What should I look for?" } };
}
