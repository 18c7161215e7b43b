import type { ScreenTable } from "./index.ts";
import { CART_STREAM_KEYS, CartStreamScreen } from "./CartStream.tsx";
import { CATALOG_KEYS, CatalogScreen } from "./Catalog.tsx";
import { SIGN_IN_KEYS, SignInScreen } from "./SignIn.tsx";
import { Placeholder } from "./Placeholder.tsx";

/** Each screen of the key table, with its own keys for the help overlay. */
export const SCREEN_TABLE: ScreenTable = {
  signin: { Component: SignInScreen, keys: SIGN_IN_KEYS },
  catalog: { Component: CatalogScreen, keys: CATALOG_KEYS },
  cart: { Component: CartStreamScreen, keys: CART_STREAM_KEYS },
  sessions: { Component: Placeholder, keys: [] },
  identity: { Component: Placeholder, keys: [] },
  agent: { Component: Placeholder, keys: [] },
  wallet: { Component: Placeholder, keys: [] },
  traffic: { Component: Placeholder, keys: [] },
};
