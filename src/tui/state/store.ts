import { useSyncExternalStore } from "react";
import type { ServiceName } from "../../service-names.ts";
import type { Timer, Timers } from "../../timers.ts";

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

/** A login on one service: the user and the JWT it answered. */
export interface Login {
  user: SignedInUser;
  token: string;
}

export type Health = "up" | "down" | "unknown";

/** What several screens and the status bar share. */
export interface TuiState {
  logins: { storefront?: Login; wallet?: Login };
  /** Whether the signed-in user's agent session is registered on each; undefined: not known yet. */
  agentSessions: { storefront?: boolean; host?: boolean };
  health: Partial<Record<ServiceName, Health>>;
  lastError?: string;
  /** A text field has the keyboard: the screen keys are letters in it until Esc. */
  editing: boolean;
  /** Counts the times the servers' URLs changed (a sandbox restarted on other ports): what holds a URL starts again. */
  urlsVersion: number;
}

/** How long the status bar shows the last error before the key reminder comes back. */
export const LAST_ERROR_MS = 15_000;

/** A small store (one object, replaced on each change) that React reads through useSyncExternalStore. */
export class TuiStore {
  #state: TuiState = { logins: {}, agentSessions: {}, health: {}, editing: false, urlsVersion: 0 };
  #listeners = new Set<() => void>();
  #errorTimer: Timer | undefined;

  constructor(private readonly timers: Timers) {}

  get state(): TuiState {
    return this.#state;
  }

  update(change: (state: TuiState) => Partial<TuiState>): void {
    this.#state = { ...this.#state, ...change(this.#state) };
    for (const listener of this.#listeners) listener();
  }

  /**
   * The status bar's "last error"; screens also show their own errors in place. It goes after
   * LAST_ERROR_MS (or when the user goes to another screen: the App clears it), so that the keys'
   * reminder comes back; the error stays in place on its screen.
   */
  reportError(message: string | undefined): void {
    this.timers.clear(this.#errorTimer);
    this.update(() => ({ lastError: message }));
    if (message === undefined) return;
    this.#errorTimer = this.timers.setTimeout(() => this.update(() => ({ lastError: undefined })), LAST_ERROR_MS);
    // The UI may quit before: the timer does not keep the process alive.
    this.#errorTimer.unref();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
}

export function useStoreState<T>(store: TuiStore, select: (state: TuiState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.state));
}
