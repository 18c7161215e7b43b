import { useEffect, useSyncExternalStore } from "react";
import type { CartFeedState } from "../client/cart-feed.ts";
import { useServices } from "../context.tsx";
import { useStoreState } from "../state/store.ts";

export const TOKEN_EXPIRED_MESSAGE = "Your storefront token expired: press 1 to sign in again";

/**
 * At App level: the cart stream follows the storefront login whatever screen is shown. A new
 * login (another user, or a fresh token after expiry) restarts it; signing out or quitting ends it.
 */
export function useCartFeedConnection(): void {
  const { store, cartFeed } = useServices();
  const login = useStoreState(store, (state) => state.logins.storefront);
  useEffect(() => {
    if (login) cartFeed.start(login.token, login.user.email);
    else cartFeed.stop();
  }, [login, cartFeed]);
  useEffect(() => () => cartFeed.stop(), [cartFeed]);
  // The status bar says it too: the expiry may come while another screen is shown.
  useEffect(() => {
    let before = cartFeed.state.phase;
    return cartFeed.subscribe(() => {
      const { phase } = cartFeed.state;
      if (phase === "expired" && before !== "expired") store.reportError(TOKEN_EXPIRED_MESSAGE);
      before = phase;
    });
  }, [cartFeed, store]);
}

/** The cart stream as a screen draws it, and what the screen may ask of it. */
export function useCartFeed(): { state: CartFeedState; reconnect(): void; clearEvents(): void } {
  const { cartFeed } = useServices();
  const state = useSyncExternalStore(cartFeed.subscribe, () => cartFeed.state);
  return { state, reconnect: () => cartFeed.reconnect(), clearEvents: () => cartFeed.clearEvents() };
}
