import type { ScreenTable } from "./index.ts";
import { IDENTITY_KEYS, IdentityScreen } from "./Identity.tsx";
import { SIGN_IN_KEYS, SignInScreen } from "./SignIn.tsx";
import { Placeholder } from "./Placeholder.tsx";
import { TRAFFIC_KEYS, TrafficScreen } from "./Traffic.tsx";

/** Each screen of the key table, with its own keys for the help overlay. */
export const SCREEN_TABLE: ScreenTable = {
  signin: { Component: SignInScreen, keys: SIGN_IN_KEYS },
  catalog: { Component: Placeholder, keys: [] },
  cart: { Component: Placeholder, keys: [] },
  sessions: { Component: Placeholder, keys: [] },
  identity: { Component: IdentityScreen, keys: IDENTITY_KEYS },
  agent: { Component: Placeholder, keys: [] },
  wallet: { Component: Placeholder, keys: [] },
  traffic: { Component: TrafficScreen, keys: TRAFFIC_KEYS },
};
