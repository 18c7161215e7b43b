import type { FromSchema } from "../../json-schema.ts";

/**
 * What the chat shows for one question: the answer, and what the agent called. Apart from the
 * agent (./agent.ts), so that the route's contract is known without loading the resolver.
 */
export const ASK_ANSWER = {
  title: "AskAnswer",
  type: "object",
  required: ["answer", "action", "parameters"],
  properties: {
    answer: { type: "string", description: "What the chat shows (a follow-up question, when one is pending)" },
    action: { type: "string", description: "The action the agent picked", examples: ["search_products"] },
    parameters: { type: "object", description: "Its parameters" },
    followUp: {
      type: "object",
      description: "A question to answer: ask again with the answer as `reply`",
      required: ["question"],
      properties: { question: { type: "string" } },
    },
    call: {
      type: "object",
      description: "The request the agent sent (secrets redacted) and the status it got",
      required: ["method", "url", "headers", "status"],
      properties: {
        method: { type: "string" },
        url: { type: "string" },
        headers: { type: "object", additionalProperties: { type: "string" } },
        body: { description: "The JSON body, if any" },
        status: { type: "integer" },
      },
    },
    noSession: {
      type: "boolean",
      description: "The user has no agent session for the call (their app registered none)",
    },
  },
} as const;

export type AskAnswer = FromSchema<typeof ASK_ANSWER>;
