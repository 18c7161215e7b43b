import type { FromSchema } from "../../json-schema.ts";

const EMBED_URL = { type: "string", description: "With mode, endUser, identity and a preview session" } as const;

export const FRESH_EMBED = {
  title: "FreshEmbed",
  type: "object",
  required: ["identity", "expiresAt", "urls"],
  properties: {
    identity: { type: "string", description: "An identity token for the user (HS256, SIGNING_SECRET, 10 minutes)" },
    expiresAt: { type: "string", description: "When it expires (ISO 8601)" },
    urls: {
      type: "object",
      description: "The embed URL in each mode, on this host app",
      required: ["drawer", "launcher"],
      properties: { drawer: EMBED_URL, launcher: EMBED_URL },
    },
  },
} as const;

export type FreshEmbed = FromSchema<typeof FRESH_EMBED>;

/** What the chat shows for one question: the answer, and what the agent called. */
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
