import { HEALTH_PATH } from "../contracts/service-routes.ts";
import { connectionProblem } from "./connection.ts";

/** GET /health of a server (the public check, which needs no token): its status, or why none came within `timeoutMs`. */
async function probeHealth(url: string, timeoutMs: number): Promise<{ status: number } | { problem: string }> {
  try {
    const response = await fetch(`${url}${HEALTH_PATH}`, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return { status: response.status };
  } catch (error) {
    return {
      problem:
        error instanceof Error && error.name === "TimeoutError"
          ? `no answer within ${timeoutMs / 1000} s`
          : connectionProblem(error),
    };
  }
}

/** Why a server does not answer GET /health within `timeoutMs`; undefined when it answers, whatever its status. */
export async function healthProblem(url: string, timeoutMs: number): Promise<string | undefined> {
  const probe = await probeHealth(url, timeoutMs);
  return "problem" in probe ? probe.problem : undefined;
}

/** Whether a server answers GET /health with a 2xx within 2 s. */
export async function answersHealth(url: string): Promise<boolean> {
  const probe = await probeHealth(url, 2000);
  return "status" in probe && probe.status >= 200 && probe.status < 300;
}
