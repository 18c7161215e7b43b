import { defineRoute } from "../contracts/route-contract.ts";
import { SERVICE_TAG } from "./service-index.ts";

export const HEALTH = defineRoute({
  description: "Health check: status ok",
  details:
    "Answers as soon as the server takes requests, and checks nothing else: not its data file, not the other servers. `npx sandbox status` asks it of each server.",
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
});
