import { useCallback, useEffect } from "react";
import { addToCart, type Cart, type Product, searchProducts } from "../client/storefront.ts";
import { useServices } from "../context.tsx";
import { useStoreState } from "../state/store.ts";
import { useDebounced } from "./use-debounced.ts";
import { useRequest } from "./use-request.ts";

/** A pause in typing this long sends the search. */
export const SEARCH_DELAY_MS = 250;

export interface SearchResult {
  query: string;
  products: Product[];
}

export interface AddResult {
  product: Product;
  quantity: number;
  cart: Cart;
}

/**
 * The catalog with the storefront login: the products matching `query` (sent once typing pauses;
 * the whole catalog when blank), and adding one to the cart. Both routes need the login's token.
 */
export function useCatalog(query: string) {
  const { client, store } = useServices();
  const token = useStoreState(store, (state) => state.logins.storefront?.token);
  const search = useRequest<SearchResult>();
  const add = useRequest<AddResult>();
  const settled = useDebounced(query.trim(), SEARCH_DELAY_MS);
  const { run: runSearch, reset: resetSearch } = search;
  const { run: runAdd, reset: resetAdd } = add;

  // Another login (or none): the cart shown was someone else's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: token is what the reset follows, not something it reads
  useEffect(() => resetAdd(), [token, resetAdd]);
  useEffect(() => {
    if (!token) return resetSearch();
    void runSearch(async (signal) => ({
      query: settled,
      products: await searchProducts(client, token, settled, signal),
    }));
  }, [token, settled, client, runSearch, resetSearch]);

  const addProduct = useCallback(
    (product: Product, quantity: number) => {
      if (!token) return;
      void runAdd(async (signal) => ({
        product,
        quantity,
        cart: await addToCart(client, token, product.id, quantity, signal),
      }));
    },
    [token, client, runAdd],
  );

  return { signedIn: token !== undefined, search, add, addProduct };
}
