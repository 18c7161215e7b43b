/**
 * What a test does with a started sandbox, over and over, done once and typed: sign a demo user
 * in, act as the agent for them, and follow their cart. Built on the one client (src/client/):
 * the same login, contracts and event-stream reader as the agent, the terminal UI and the
 * scenario runner. The result types are part of the package's API: a change to them is a
 * breaking change.
 */
import type { CallResult } from "../client/contract-call.ts";
import { type LoginAnswer, logIn } from "../client/login.ts";
import { createServiceClient, type ServiceClient } from "../client/service-client.ts";
import { AGENT_ADD_TO_CART, AGENT_ORDERS, AGENT_PRODUCTS, AGENT_WALLET } from "../contracts/agent-routes.ts";
import { userError } from "../errors.ts";
import type { ServiceUrls } from "../service-names.ts";
import type { DemoUser } from "../users.ts";
import { type CartStream, followCart } from "./cart-stream.ts";

/** Whom a helper acts for: a demo user's email or id, or the user itself (as in `sandbox.users`). */
export type UserRef = string | Pick<DemoUser, "id"> | Pick<DemoUser, "email">;

/** A demo user signed in to each login service that runs: their tokens, and who they are. */
export interface SignedIn {
  user: LoginAnswer["user"];
  /** The storefront's JWT (absent when the storefront does not run). */
  storefrontToken?: string;
  /** The wallet's JWT (absent when the wallet does not run). */
  walletToken?: string;
}

/** An agent route's answer, typed by its contract: `kind` "answer" (typed body), "error" (the error body) or "unexpected". */
export type AgentAnswer<C> = CallResult<C>;

/** Requests as the agent sends them for one user: the service token and `X-End-User-Id`. */
export interface AgentSession {
  /** The user the agent acts for. */
  readonly userId: string;
  /** GET /api/agent/products (`q` filters by name). */
  products(query?: { q?: string }): Promise<AgentAnswer<typeof AGENT_PRODUCTS>>;
  /** POST /api/agent/cart/items: the cart after the change. */
  addToCart(productId: string, quantity?: number): Promise<AgentAnswer<typeof AGENT_ADD_TO_CART>>;
  /** GET /api/agent/orders, newest first. */
  orders(): Promise<AgentAnswer<typeof AGENT_ORDERS>>;
  /** GET /api/agent/wallet of the host app: the balance and the transactions (the wallet's transaction query, as given). */
  wallet(query?: Record<string, string>): Promise<AgentAnswer<typeof AGENT_WALLET>>;
}

export interface SandboxHelpers {
  /** Signs the user in to the storefront and the wallet (those that run), as their app's login does. */
  signIn(user: UserRef): Promise<SignedIn>;
  /** Signs the user in and registers the agent sessions as their app would, then acts as the agent for them. */
  asAgent(user: UserRef): Promise<AgentSession>;
  /** Follows the user's cart (GET /api/cart/stream, signed in to the storefront): each cart as it changes. */
  cartStream(user: UserRef): Promise<CartStream>;
}

export function sandboxHelpers(sandbox: {
  urls: ServiceUrls;
  users: DemoUser[];
  serviceToken: string;
}): SandboxHelpers {
  const client = createServiceClient({ urls: sandbox.urls });
  const find = (ref: UserRef) => demoUser(sandbox.users, ref);

  const signIn = async (ref: UserRef): Promise<SignedIn> => {
    const user = find(ref);
    const [storefront, wallet] = await Promise.all(
      (["storefront", "wallet"] as const).map((service) =>
        sandbox.urls[service] ? logIn(client, service, user) : undefined,
      ),
    );
    const signedIn: SignedIn = { user: (storefront ?? wallet)?.user ?? publicUser(user) };
    if (storefront) signedIn.storefrontToken = storefront.token;
    if (wallet) signedIn.walletToken = wallet.token;
    return signedIn;
  };

  const asAgent = async (ref: UserRef): Promise<AgentSession> => {
    const user = find(ref);
    // The agent loads when used (the package's entry stays light).
    const { signInAsApp } = await import("../agent/as-app.ts");
    await signInAsApp(sandbox.urls, user);
    return agentSession(client, sandbox.serviceToken, user.id);
  };

  const cartStream = async (ref: UserRef): Promise<CartStream> => {
    const user = find(ref);
    const { token } = await logIn(client, "storefront", user);
    return followCart(`${sandbox.urls.storefront}`, token, user.email);
  };

  return { signIn, asAgent, cartStream };
}

function agentSession(client: ServiceClient, serviceToken: string, userId: string): AgentSession {
  const as = { token: serviceToken, headers: { "x-end-user-id": userId } };
  const query = (params?: Record<string, string>) => {
    const text = new URLSearchParams(params ?? {}).toString();
    return text ? `?${text}` : "";
  };
  return {
    userId,
    products: (params) =>
      client.call(AGENT_PRODUCTS, { service: "storefront", path: `/api/agent/products${query(params)}`, ...as }),
    addToCart: (productId, quantity) =>
      client.call(AGENT_ADD_TO_CART, {
        service: "storefront",
        path: "/api/agent/cart/items",
        body: { product_id: productId, ...(quantity === undefined ? {} : { quantity }) },
        ...as,
      }),
    orders: () => client.call(AGENT_ORDERS, { service: "storefront", path: "/api/agent/orders", ...as }),
    wallet: (params) =>
      client.call(AGENT_WALLET, { service: "host", path: `/api/agent/wallet${query(params)}`, ...as }),
  };
}

/** The demo user a reference names; one that names none is refused with the users there are. */
function demoUser(users: readonly DemoUser[], ref: UserRef): DemoUser {
  const key = typeof ref === "string" ? ref : "id" in ref ? ref.id : ref.email;
  const found = users.find((user) => user.id === key || user.email.toLowerCase() === String(key).toLowerCase());
  if (found) return found;
  throw userError(
    "user_not_found",
    `No demo user is ${JSON.stringify(key)}: give the email or id of one of ${users.map((user) => user.email).join(", ")} (sandbox.users).`,
  );
}

function publicUser(user: DemoUser): LoginAnswer["user"] {
  return { id: user.id, email: user.email, name: user.name };
}
