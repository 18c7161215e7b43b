import type { H3 } from "h3";
import type { JwtIssuer } from "../auth/jwt.ts";
import { requireUser } from "../auth/bearer.ts";
import { addLoginRoute } from "../auth/login.ts";
import { forwardInProcess } from "../bff/forward.ts";
import { sessionTokenFor, type BffDeps } from "../bff/service-token.ts";
import { addSessionRoutes } from "../bff/session-routes.ts";
import type { Clock } from "../clock.ts";
import { prefersEventStream } from "../http/accept.ts";
import { optionalInteger, requireString } from "../http/fields.ts";
import { readJsonObject } from "../http/json-body.ts";
import { queryParam } from "../http/query.ts";
import { sendSerialised } from "../http/serialised-json.ts";
import { addNotFoundRoute, createServiceApp, type ServiceAppOptions } from "../http/service-app.ts";
import { encodeEvent, eventsResponse, openLiveStream, type EncodedEvent, type LiveStream, type SseEvent } from "../http/sse.ts";
import { addToCart, storedCart, toCartView } from "./cart.ts";
import type { CartEvents } from "./cart-events.ts";
import { catalogAnswer } from "./catalog.ts";
import { listOrders } from "./orders.ts";
import type { StoredCart, StorefrontStore } from "./store.ts";

export interface StorefrontDeps extends ServiceAppOptions {
  store: StorefrontStore;
  jwt: JwtIssuer;
  cartEvents: CartEvents;
  clock: Clock;
  sseHeartbeatMs: number;
  /** Open cart streams, so that a shutdown can end them. */
  liveStreams: Set<LiveStream>;
  /** The agent's service token and the storefront's agent sessions. */
  bff: BffDeps;
}

/** The BFF routes: each acts as the user named in X-End-User-Id, through the matching protected route. */
const AGENT_ROUTES = [
  ["GET", "/api/agent/products", "/api/products"],
  ["POST", "/api/agent/cart/items", "/api/cart/items"],
  ["GET", "/api/agent/orders", "/api/orders"],
] as const;
const AGENT_AUTH = "as the user in X-End-User-Id (BFF service token)";

export function createStorefrontApp(deps: StorefrontDeps): H3 {
  const app = createServiceApp(deps);
  const auth = { issuer: deps.jwt, knownUser: (id: string) => deps.store.data.users.some((user) => user.id === id) };
  const cartEvent = (cart: StoredCart): SseEvent => ({ event: "cart", id: String(cart.version), data: toCartView(deps.store.data, cart) });
  // A stored cart never changes (a change is a new object), so each is encoded once for all the open streams of its user.
  const encodedCarts = new WeakMap<StoredCart, EncodedEvent>();
  const encodedCartEvent = (cart: StoredCart): EncodedEvent => {
    let encoded = encodedCarts.get(cart);
    if (!encoded) encodedCarts.set(cart, (encoded = encodeEvent(cartEvent(cart))));
    return encoded;
  };

  addLoginRoute(app, { users: () => deps.store.data.users, jwt: deps.jwt });

  app.get("/api/products", async (event) => {
    await requireUser(event, auth);
    return sendSerialised(event, catalogAnswer(deps.store.data.products, queryParam(event, "q")));
  }, { meta: { description: "The catalog; ?q= filters by name (bearer token)" } });

  app.get("/api/orders", async (event) => {
    const { userId } = await requireUser(event, auth);
    return { orders: listOrders(deps.store.data.orders, userId, queryParam(event, "order_id")) };
  }, { meta: { description: "The user's orders, newest first; ?order_id= filters (bearer token)" } });

  app.post("/api/cart/items", async (event) => {
    const { userId } = await requireUser(event, auth);
    const body = await readJsonObject(event);
    const productId = requireString(body, "product_id");
    const quantity = optionalInteger(body, "quantity", { min: 1, max: 99, fallback: 1 });
    const cart = await deps.store.update((draft) => addToCart(draft, userId, productId, quantity));
    return prefersEventStream(event.req.headers.get("accept")) ? eventsResponse([cartEvent(cart)]) : toCartView(deps.store.data, cart);
  }, { meta: { description: "Add {product_id, quantity?} to the user's cart; answers the cart (bearer token)" } });

  app.get("/api/cart/stream", async (event) => {
    const { userId, expiresAt } = await requireUser(event, auth, { allowQueryToken: true });
    // A reconnect carries Last-Event-ID; no history is kept, so it gets the current cart like a first connect.
    const stream = openLiveStream({
      first: cartEvent(storedCart(deps.store.data, userId)),
      clock: deps.clock,
      heartbeatMs: deps.sseHeartbeatMs,
      closeAt: expiresAt * 1000,
      registry: deps.liveStreams,
    });
    stream.onClose(deps.cartEvents.subscribe(userId, (cart) => stream.send(encodedCartEvent(cart))));
    return stream.response;
  }, { meta: { description: "Server-sent cart events: the cart now, then after every change (bearer token or ?access_token=)" } });

  addSessionRoutes(app, { issuer: deps.jwt, sessions: deps.bff.sessions, knownUser: auth.knownUser });
  for (const [method, agentPath, path] of AGENT_ROUTES) {
    const meta = { description: `${method} ${path}, ${AGENT_AUTH}` };
    app.on(method, agentPath, async (event) => forwardInProcess(app, event, path, await sessionTokenFor(event, deps.bff)), { meta });
  }

  addNotFoundRoute(app);
  return app;
}
