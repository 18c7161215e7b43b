import { useCallback, useEffect, useRef, useState } from "react";
import { messageOf } from "../../errors.ts";
import { useServices } from "../context.tsx";

export interface RequestState<T> {
  status: "idle" | "pending" | "done" | "error";
  data?: T;
  error?: string;
}

/**
 * One call at a time, as `{status, data, error}` for a screen to draw. A new run cancels the one
 * before (a search typed on), as does leaving the screen; a failure is also the status bar's last error.
 */
export function useRequest<T>() {
  const { store } = useServices();
  const [state, setState] = useState<RequestState<T>>({ status: "idle" });
  const current = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => current.current?.abort(), []);

  const run = useCallback(
    async (work: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setState((before) => ({ status: "pending", data: before.data }));
      try {
        const data = await work(controller.signal);
        if (controller.signal.aborted) return undefined;
        setState({ status: "done", data });
        return data;
      } catch (error) {
        if (controller.signal.aborted) return undefined;
        const message = messageOf(error);
        setState({ status: "error", error: message });
        store.reportError(message);
        return undefined;
      }
    },
    [store],
  );

  const reset = useCallback(() => setState({ status: "idle" }), []);
  /** Stops the call under way (the user gave up on it), keeping what the one before answered. */
  const cancel = useCallback(() => {
    current.current?.abort();
    setState((before) => ({ status: "idle", data: before.data }));
  }, []);
  return { ...state, run, reset, cancel };
}
