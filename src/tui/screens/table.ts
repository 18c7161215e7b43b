import { AGENT_KEYS, AgentScreen } from "./Agent.tsx";
import { CART_STREAM_KEYS, CartStreamScreen } from "./CartStream.tsx";
import { CATALOG_KEYS, CatalogScreen } from "./Catalog.tsx";
import { IDENTITY_KEYS, IdentityScreen } from "./Identity.tsx";
import type { ScreenTable } from "./index.ts";
import { SANDBOX_KEYS, SandboxScreen } from "./Sandbox.tsx";
import { SESSIONS_KEYS, SessionsScreen } from "./Sessions.tsx";
import { SIGN_IN_KEYS, SignInScreen } from "./SignIn.tsx";
import { TRAFFIC_KEYS, TrafficScreen } from "./Traffic.tsx";
import { WALLET_KEYS, WalletScreen } from "./Wallet.tsx";

/** Each screen of the key table, with its own keys for the help overlay. */
export const SCREEN_TABLE: ScreenTable = {
  sandbox: { Component: SandboxScreen, keys: SANDBOX_KEYS },
  signin: { Component: SignInScreen, keys: SIGN_IN_KEYS },
  catalog: { Component: CatalogScreen, keys: CATALOG_KEYS },
  cart: { Component: CartStreamScreen, keys: CART_STREAM_KEYS },
  sessions: { Component: SessionsScreen, keys: SESSIONS_KEYS },
  identity: { Component: IdentityScreen, keys: IDENTITY_KEYS },
  agent: { Component: AgentScreen, keys: AGENT_KEYS },
  wallet: { Component: WalletScreen, keys: WALLET_KEYS },
  traffic: { Component: TrafficScreen, keys: TRAFFIC_KEYS },
};
