import type { StoredCart } from "./store.ts";

export type CartListener = (cart: StoredCart) => void;

/**
 * Tells the open cart streams of a user that the cart changed, whichever route changed it
 * (the user's own, or the agent's). Holds nothing once the last listener of a user leaves.
 */
export class CartEvents {
  private readonly listeners = new Map<string, Set<CartListener>>();

  subscribe(userId: string, listener: CartListener): () => void {
    const set = this.listeners.get(userId) ?? new Set();
    set.add(listener);
    this.listeners.set(userId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  publish(userId: string, cart: StoredCart): void {
    for (const listener of this.listeners.get(userId) ?? []) listener(cart);
  }

  get listenerCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }
}
