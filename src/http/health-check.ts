import type { RouteContract } from "./route-contract.ts";
import { SERVICE_TAG } from "./service-index.ts";

export const HEALTH: RouteContract = {
  description: "Health check: status ok",
  operationId: "getHealth",
  tag: SERVICE_TAG,
  responses: {
    200: {
      description: "The server answers",
      content: {
        "application/json": {
          type: "object",
          required: ["status"],
          properties: { status: { type: "string", const: "ok" } },
        },
      },
    },
  },
};

/** Whether a server answers GET /health (the public check, which needs no token) within 2 s. */
export async function answersHealth(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
