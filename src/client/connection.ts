import { messageOf } from "../errors.ts";
// How a request that got no answer failed, for the lines that say so (the checker, sandbox run, the controls).

/** Why a request got no answer, in a few words: the system's error code when there is one. */
export function connectionProblem(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code === "ECONNREFUSED") return "connection refused (ECONNREFUSED)";
  if (cause?.code === "ENOTFOUND") return "no such host (ENOTFOUND)";
  if (cause?.code) return `${cause.message ?? "no answer"} (${cause.code})`;
  return cause?.message ?? messageOf(error) ?? String(error);
}
