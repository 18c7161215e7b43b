import { storedCart } from "./cart.ts";
import type { StoredCart, StorefrontData } from "./model.ts";
import type { StorefrontStore } from "./store.ts";

export type CartListener = (cart: StoredCart) => void;

/**
 * Tells the open cart streams of a user that the cart changed. It listens to the store's
 * commits, not to routes, so every path that writes a cart (the user's route, the agent's,
 * and any later writer) reaches the streams once the change is on disk. Holds nothing once
 * the last listener of a user leaves.
 */
export class CartEvents {
  private readonly listeners = new Map<string, Set<CartListener>>();

  constructor(store: StorefrontStore) {
    store.onCommit((next, previous) => this.publishChanges(next, previous));
  }

  subscribe(userId: string, listener: CartListener): () => void {
    const set = this.listeners.get(userId) ?? new Set();
    set.add(listener);
    this.listeners.set(userId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  get listenerCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  /** Committed data is immutable and shares what did not change, so a changed cart is a cart of another identity. */
  private publishChanges(next: Readonly<StorefrontData>, previous: Readonly<StorefrontData>): void {
    if (next.carts === previous.carts) return;
    for (const [userId, listeners] of this.listeners) {
      const cart = storedCart(next, userId);
      if (cart === storedCart(previous, userId)) continue;
      for (const listener of listeners) listener(cart);
    }
  }
}
