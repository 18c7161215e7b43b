import { useCallback, useEffect, useRef, useState } from "react";
import { PERIOD_NAMES, type Period } from "../../contracts/wallet/periods.ts";
import {
  DIRECTIONS,
  type DirectionFilter,
  fetchOrders,
  fetchWallet,
  filterOrders,
  nextOf,
  type Order,
  type WalletView,
} from "../client/orders-wallet.ts";
import { useServices } from "../context.tsx";
import { useStoreState } from "../state/store.ts";
import { useRequest } from "./use-request.ts";

/**
 * Calls `load` when the screen is shown and what it would load (`what`: the token, the period…)
 * differs from what it loaded last; not again on every visit: `g` is there for that.
 */
function useLoadWhenShown(active: boolean, what: string | undefined, load: () => void): void {
  const loaded = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!active || what === undefined || loaded.current === what) return;
    loaded.current = what;
    load();
  }, [active, what, load]);
}

/** The signed-in shopper's orders from the storefront, and the order-id filter that narrows them as it is typed. */
export function useOrders(active: boolean) {
  const { client, store } = useServices();
  const login = useStoreState(store, (state) => state.logins.storefront);
  const request = useRequest<Order[]>();
  const { run, reset } = request;
  const [filter, setFilter] = useState("");
  const load = useCallback(() => {
    if (login) void run((signal) => fetchOrders(client, login.token, signal));
  }, [client, login, run]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: login is what the reset follows, not something it reads
  useEffect(() => reset(), [login, reset]);
  useLoadWhenShown(active, login?.token, load);
  const shown = request.data ? filterOrders(request.data, filter) : [];
  return { ...request, login, load, filter, setFilter, shown };
}

/** The wallet's balance, and the transactions and insight totals of the chosen period and direction. */
export function useWallet(active: boolean) {
  const { client, settings, store } = useServices();
  const login = useStoreState(store, (state) => state.logins.wallet);
  const request = useRequest<WalletView>();
  const { run, reset } = request;
  const [period, setPeriod] = useState<Period>("30d");
  const [direction, setDirection] = useState<DirectionFilter>("all");
  const load = useCallback(() => {
    if (login)
      void run((signal) =>
        fetchWallet(client, { token: login.token, prefix: settings.walletPrefix, period, direction, signal }),
      );
  }, [client, settings.walletPrefix, login, period, direction, run]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: login is what the reset follows, not something it reads
  useEffect(() => reset(), [login, reset]);
  useLoadWhenShown(active, login ? `${login.token} ${period} ${direction}` : undefined, load);
  return {
    ...request,
    login,
    load,
    period,
    direction,
    nextPeriod: () => setPeriod((current) => nextOf(PERIOD_NAMES, current)),
    nextDirection: () => setDirection((current) => nextOf(DIRECTIONS, current)),
  };
}
