import type { H3 } from "h3";
import { requireUser } from "../auth/bearer.ts";
import type { JwtIssuer } from "../auth/jwt.ts";
import { addLoginRoute } from "../auth/login.ts";
import { forwardInProcess } from "../bff/forward.ts";
import { type BffDeps, sessionTokenFor } from "../bff/service-token.ts";
import { addSessionRoutes } from "../bff/session-routes.ts";
import type { Clock } from "../clock.ts";
import { AGENT_ADD_TO_CART, AGENT_ORDERS, AGENT_PRODUCTS } from "../contracts/agent-routes.ts";
import { ADD_TO_CART, CART_STREAM, LIST_ORDERS, LIST_PRODUCTS } from "../contracts/storefront/routes.ts";
import { prefersEventStream } from "../http/accept.ts";
import { queryValue, readBody } from "../http/request-input.ts";
import { sendSerialised } from "../http/serialised-json.ts";
import { addNotFoundRoute, createServiceApp, type ServiceAppOptions } from "../http/service-app.ts";
import {
  type EncodedEvent,
  encodeEvent,
  eventsResponse,
  type LiveStream,
  openLiveStream,
  type SseEvent,
} from "../http/sse.ts";
import { takeStreamSlot } from "../http/stream-share.ts";
import { addToCart, storedCart, toCartView } from "./cart.ts";
import type { CartEvents } from "./cart-events.ts";
import { catalogAnswer } from "./catalog.ts";
import type { StoredCart } from "./model.ts";
import { listOrders } from "./orders.ts";
import type { StorefrontStore } from "./store.ts";

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
  ["/api/agent/products", "/api/products", AGENT_PRODUCTS],
  ["/api/agent/cart/items", "/api/cart/items", AGENT_ADD_TO_CART],
  ["/api/agent/orders", "/api/orders", AGENT_ORDERS],
] as const;

export function createStorefrontApp(deps: StorefrontDeps): H3 {
  const app = createServiceApp(deps);
  const auth = { issuer: deps.jwt, knownUser: (id: string) => deps.store.data.users.some((user) => user.id === id) };
  const cartEvent = (cart: StoredCart): SseEvent => ({
    event: "cart",
    id: String(cart.version),
    data: toCartView(deps.store.data, cart),
  });
  // A stored cart never changes (a change is a new object), so each is encoded once for all the open streams of its user.
  const encodedCarts = new WeakMap<StoredCart, EncodedEvent>();
  const encodedCartEvent = (cart: StoredCart): EncodedEvent => {
    let encoded = encodedCarts.get(cart);
    if (!encoded) {
      encoded = encodeEvent(cartEvent(cart));
      encodedCarts.set(cart, encoded);
    }
    return encoded;
  };

  addLoginRoute(app, { users: () => deps.store.data.users, jwt: deps.jwt });

  app.get(
    "/api/products",
    async (event) => {
      await requireUser(event, auth);
      return sendSerialised(event, catalogAnswer(deps.store.data.products, queryValue(event, LIST_PRODUCTS, "q")));
    },
    { meta: LIST_PRODUCTS },
  );

  app.get(
    "/api/orders",
    async (event) => {
      const { userId } = await requireUser(event, auth);
      return { orders: listOrders(deps.store.data.orders, userId, queryValue(event, LIST_ORDERS, "order_id")) };
    },
    { meta: LIST_ORDERS },
  );

  app.post(
    "/api/cart/items",
    async (event) => {
      const { userId } = await requireUser(event, auth);
      const body = await readBody(event, ADD_TO_CART);
      const productId = body.field("product_id");
      const quantity = body.field("quantity");
      const cart = await deps.store.update((draft) => addToCart(draft, userId, productId, quantity));
      return prefersEventStream(event.req.headers.get("accept"))
        ? eventsResponse([cartEvent(cart)])
        : toCartView(deps.store.data, cart);
    },
    { meta: ADD_TO_CART },
  );

  app.get(
    "/api/cart/stream",
    async (event) => {
      const { userId, expiresAt } = await requireUser(event, auth, { allowQueryToken: true });
      takeStreamSlot(event);
      // A reconnect carries Last-Event-ID; no history is kept, so it gets the current cart like a first connect.
      const stream = openLiveStream({
        first: cartEvent(storedCart(deps.store.data, userId)),
        clock: deps.clock,
        heartbeatMs: deps.sseHeartbeatMs,
        closeAt: expiresAt * 1000,
        registry: deps.liveStreams,
        node: event.runtime?.node?.res,
      });
      stream.onClose(deps.cartEvents.subscribe(userId, (cart) => stream.send(encodedCartEvent(cart))));
      return stream.response;
    },
    { meta: CART_STREAM },
  );

  addSessionRoutes(app, { issuer: deps.jwt, sessions: deps.bff.sessions, knownUser: auth.knownUser });
  for (const [agentPath, path, meta] of AGENT_ROUTES) {
    app.on(
      meta.method,
      agentPath,
      async (event) => forwardInProcess(app, event, path, await sessionTokenFor(event, deps.bff)),
      { meta },
    );
  }

  addNotFoundRoute(app);
  return app;
}
