import { connectionProblem } from "./connection.ts";

/**
 * Why a server does not answer GET /health (the public check, which needs no token) within
 * `timeoutMs`; undefined when it answers, whatever its status.
 */
export async function healthProblem(url: string, timeoutMs: number): Promise<string | undefined> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return undefined;
  } catch (error) {
    return error instanceof Error && error.name === "TimeoutError"
      ? `no answer within ${timeoutMs / 1000} s`
      : connectionProblem(error);
  }
}

/** Whether a server answers GET /health with a 2xx within 2 s. */
export async function answersHealth(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
