import { Spinner } from "@inkjs/ui";
import type { RequestState } from "../hooks/use-request.ts";
import { Tinted } from "./Tinted.tsx";

/** A spinner while a call runs, its error in place when it failed, nothing otherwise: one line, so nothing below it jumps. */
export function RequestLine({
  state,
  pending,
}: {
  state: Pick<RequestState<unknown>, "status" | "error">;
  pending: string;
}) {
  if (state.status === "pending") return <Spinner label={pending} />;
  if (state.status === "error")
    return (
      <Tinted tone="error" wrap="truncate-end">
        ✗ {state.error}
      </Tinted>
    );
  return <Tinted tone="muted"> </Tinted>;
}
