import type { ScreenTable } from "./index.ts";
import { AGENT_KEYS, AgentScreen } from "./Agent.tsx";
import { SIGN_IN_KEYS, SignInScreen } from "./SignIn.tsx";
import { Placeholder } from "./Placeholder.tsx";

/** Each screen of the key table, with its own keys for the help overlay. */
export const SCREEN_TABLE: ScreenTable = {
  signin: { Component: SignInScreen, keys: SIGN_IN_KEYS },
  catalog: { Component: Placeholder, keys: [] },
  cart: { Component: Placeholder, keys: [] },
  sessions: { Component: Placeholder, keys: [] },
  identity: { Component: Placeholder, keys: [] },
  agent: { Component: AgentScreen, keys: AGENT_KEYS },
  wallet: { Component: Placeholder, keys: [] },
  traffic: { Component: Placeholder, keys: [] },
};
