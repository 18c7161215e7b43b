// What the fault controls answer (/__sandbox/faults), as JSON Schema: the Fault type is read from
// it, and the client tier checks the answers against it. Data only: a client loads this and none of
// the faults' code.

import type { FromSchema } from "../../json-schema.ts";
import { SERVICE_NAMES } from "../../service-names.ts";

/** A fault as the controls list it. */
export const FAULT = {
  type: "object",
  required: ["id", "service", "route", "rate", "dropStream", "fired"],
  properties: {
    id: { type: "string", examples: ["f1"] },
    service: { type: "string", enum: SERVICE_NAMES },
    route: {
      type: "string",
      description:
        '"METHOD /path": a method or `*` (any), and an exact path or one where `*` stands for any characters, `/` included',
      examples: ["POST /api/cart/items"],
    },
    status: {
      type: "integer",
      description: "The error status it answers with; without one, the request goes on (after the delay)",
    },
    rate: { type: "number", description: "The chance, from 0 to 1, that it fires on a matching request" },
    delay: {
      type: "string",
      description: 'How long a request waits first: "2s", or "100ms-2s" for a uniform pick in that range',
    },
    times: {
      type: "integer",
      description: "How many more times it fires before it is gone; without it, it stays until cleared",
    },
    dropStream: {
      type: "boolean",
      description:
        "Cuts the route's event streams (the open ones at once, new ones right after they open) instead of answering",
    },
    body: {
      type: "string",
      description:
        "The body it answers with instead of the server's error (a JSON value given is kept as its JSON text); at most 64 KiB",
    },
    contentType: { type: "string", description: "The body's Content-Type", examples: ["text/html; charset=utf-8"] },
    headers: {
      type: "object",
      additionalProperties: { type: "string" },
      description: "Headers it answers with, on top of the server's own",
      examples: [{ "Retry-After": "30" }],
    },
    truncate: {
      type: "integer",
      description:
        "The answer's body is cut to this many bytes (and ends there): its own body, or without a status the route's answer",
    },
    fired: { type: "integer", description: "How many times it fired so far" },
  },
} as const;

/** GET /__sandbox/faults: the faults in place, in the order they are tried. */
export const FAULT_LIST = {
  type: "object",
  required: ["faults"],
  properties: { faults: { type: "array", items: FAULT } },
} as const;

/** DELETE /__sandbox/faults (and /faults/<id>): the faults removed. */
export const CLEARED_FAULTS = {
  type: "object",
  required: ["cleared"],
  properties: { cleared: { type: "array", items: FAULT } },
} as const;

/** A fault as the controls list it (the fields' meanings are in its schema). */
export type Fault = FromSchema<typeof FAULT>;
