// The shapes of the request journal as the controls answer them (GET /__sandbox/journal, its
// stream, the journal's figures in /__sandbox/health), as JSON Schema: the journal's types are
// read from them, and the client tier checks the answers against them. Data only: a client loads
// this and none of the journal's code.
import { SERVICE_NAMES } from "../../service-names.ts";

const HEADERS = { type: "object", additionalProperties: { type: "string" } } as const;

/** A body as the journal keeps it: its text up to the size limit. */
export const JOURNAL_BODY = {
  type: "object",
  required: ["text", "truncated"],
  properties: {
    text: { type: "string" },
    truncated: { type: "boolean", description: "The body was longer than the limit: `text` is its beginning" },
  },
} as const;

/** One request a server answered, as the journal shows it: every secret in it masked as `***`. */
export const JOURNAL_ENTRY = {
  type: "object",
  required: [
    "id",
    "time",
    "service",
    "method",
    "path",
    "query",
    "status",
    "durationMs",
    "agent",
    "request",
    "response",
  ],
  properties: {
    id: {
      type: "integer",
      description: "Grows with each entry, across the servers: the order in which the answers were ready",
    },
    time: { type: "string", description: "When the request arrived, on the sandbox clock" },
    service: { type: "string", enum: SERVICE_NAMES },
    method: { type: "string" },
    path: { type: "string" },
    query: { type: "string", description: 'The query string without its `?`; "" when there is none' },
    status: { type: "integer" },
    durationMs: {
      type: "number",
      description: "From the request's arrival to its answer being ready (for an event stream: until it opened)",
    },
    user: {
      type: "string",
      description:
        "The end user: X-End-User-Id, else the subject of the bearer token (or `?access_token=`), read without checking its signature",
    },
    agent: { type: "boolean", description: "The request came with the agent's service token" },
    request: {
      type: "object",
      description: "The body is there when the route read one",
      required: ["headers"],
      properties: { headers: HEADERS, body: JOURNAL_BODY },
    },
    response: {
      type: "object",
      description: "An event stream has no body here: only its status and headers",
      required: ["headers"],
      properties: { headers: HEADERS, body: JOURNAL_BODY },
    },
  },
} as const;

/** How full a server's journal is. */
export const WINDOW_FIGURES = {
  type: "object",
  required: ["entries", "bodyBytes", "madeRoom"],
  properties: {
    entries: { type: "integer", description: "The entries it holds" },
    bodyBytes: { type: "integer", description: "The bytes their bodies count for" },
    madeRoom: { type: "integer", description: "How many entries made room since the start or the last clear" },
  },
} as const;
