/** The screens, each on one key: the router, the help overlay and the status bar all read this one table. */
export const SCREENS = [
  {
    key: "0",
    id: "sandbox",
    tab: "Sandbox",
    title: "Sandbox",
    help: "what sandbox start printed: the URLs, demo users and passwords, tokens, the OAuth client",
  },
  { key: "1", id: "signin", tab: "Sign in", title: "Sign in", help: "pick a demo user, or type an email and password" },
  {
    key: "2",
    id: "catalog",
    tab: "Catalog",
    title: "Catalog",
    help: "search as you type; add the selected product to the cart",
  },
  { key: "3", id: "cart", tab: "Cart", title: "Cart stream", help: "the cart's live event stream and the cart now" },
  {
    key: "4",
    id: "sessions",
    tab: "Sessions",
    title: "Agent sessions",
    help: "register or clear the agent sessions; try an agent call",
  },
  {
    key: "5",
    id: "identity",
    tab: "Identity",
    title: "Identity",
    help: "sign and verify embed identity JWTs; the embed URLs",
  },
  {
    key: "6",
    id: "agent",
    tab: "Agent",
    title: "Agent",
    help: "ask a question, or call an action with its parameters",
  },
  {
    key: "7",
    id: "wallet",
    tab: "Wallet",
    title: "Orders and wallet",
    help: "orders, balance, transactions and insights",
  },
  {
    key: "8",
    id: "traffic",
    tab: "Traffic",
    title: "Traffic",
    help: "every HTTP exchange (the sandbox's journal when it has one)",
  },
] as const;

export type ScreenId = (typeof SCREENS)[number]["id"];

/** Keys that work on every screen while no text field has the keyboard. */
export const GLOBAL_KEYS = [
  { key: "?", help: "show or hide this help" },
  { key: "q", help: "quit (Ctrl-C too, even in a field)" },
  { key: "Esc", help: "leave a text field, so that the keys above work again" },
] as const;
