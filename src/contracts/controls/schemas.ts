// What the controls under /__sandbox/ answer, as JSON Schema: the routes' answer types are read
// from them, and the client tier (ControlsClient) checks each answer against its own. Data only: a
// client loads this and none of the controls' code. The faults' answers are in fault-schemas.ts,
// the journal's entries in journal/schemas.ts, the triggers' in their service's schemas.ts.

import type { FromSchema } from "../../json-schema.ts";
import { SERVICE_NAMES } from "../../service-names.ts";
import { JOURNAL_ENTRY, WINDOW_FIGURES } from "../journal/schemas.ts";

/** What an export document says it is; import refuses anything else. */
export const EXPORT_FORMAT = "agent-sandbox-export";

/** An object keyed by the names of the servers that have one, each value of `schema`. */
function byService<const S>(schema: S) {
  return { type: "object", propertyNames: { enum: SERVICE_NAMES }, additionalProperties: schema } as const;
}

const SERVICE_LIST = { type: "array", items: { type: "string", enum: SERVICE_NAMES } } as const;

/** GET and POST /__sandbox/clock: the sandbox's now, and how far it is from the system time. */
export const CLOCK_STATE = {
  type: "object",
  required: ["now", "offsetMs"],
  properties: {
    now: { type: "string", description: "ISO 8601, UTC" },
    offsetMs: {
      type: "integer",
      description:
        "Milliseconds ahead of the system time (negative: behind); 0 when the clock was never moved or was reset",
    },
  },
} as const;

/** GET /__sandbox/health: the sandbox's own health, URLs, clock, counters and how full each server's journal is. */
export const SANDBOX_HEALTH = {
  type: "object",
  required: ["status", "startedAt", "uptimeMs", "now", "urls", "stats", "journal"],
  properties: {
    status: { const: "ok" },
    startedAt: { type: "string" },
    uptimeMs: { type: "integer" },
    now: { type: "string", description: "The sandbox clock's now, which the clock controls move" },
    urls: byService({ type: "string" }),
    stats: {
      type: "object",
      description: "What is open right now (live streams, and each service's counters)",
      additionalProperties: { type: "integer" },
    },
    journal: {
      ...byService(WINDOW_FIGURES),
      description: "Each server's request journal, once it journaled a request",
    },
  },
} as const;

/** GET /__sandbox/journal: the matching entries, oldest first. */
export const JOURNAL_LIST = {
  type: "object",
  required: ["entries", "total", "lastId"],
  properties: {
    entries: { type: "array", items: JOURNAL_ENTRY },
    total: { type: "integer", description: "How many entries matched, `limit` aside" },
    lastId: {
      type: "integer",
      description: "The newest entry's id (0 when none): the `after` of a stream that follows on from this list",
    },
  },
} as const;

/** GET /__sandbox/journal?format=har: the matching entries as a HAR 1.2 log (src/journal/har.ts). */
export const HAR_DOCUMENT = {
  type: "object",
  required: ["log"],
  properties: {
    log: {
      type: "object",
      required: ["version", "creator", "entries"],
      properties: {
        version: { type: "string" },
        creator: { type: "object" },
        entries: { type: "array", items: { type: "object" } },
      },
    },
  },
} as const;

/** A HAR log as clients read it: what its schema says of it. */
export type HarDocument = FromSchema<typeof HAR_DOCUMENT>;

/**
 * The first event of GET /__sandbox/journal/stream (`journal`): the newest matching entries after
 * `after` that fit in one event, and how many older ones were left out. Each event after it
 * (`entry`) is one JOURNAL_ENTRY.
 */
export const JOURNAL_BACKLOG = {
  type: "object",
  required: ["entries", "skipped"],
  properties: {
    entries: { type: "array", items: JOURNAL_ENTRY },
    skipped: { type: "integer" },
  },
} as const;

/** DELETE /__sandbox/journal: how many entries the journal held. */
export const JOURNAL_CLEARED = {
  type: "object",
  required: ["cleared"],
  properties: { cleared: { type: "integer" } },
} as const;

/** GET /__sandbox/export: all data of the services that keep a data file, as one document. */
export const EXPORT_DOCUMENT = {
  type: "object",
  required: ["format", "version", "exportedAt", "services"],
  properties: {
    format: { const: EXPORT_FORMAT },
    version: { type: "integer", description: "The version of the document's own layout" },
    exportedAt: { type: "string", description: "By the sandbox clock" },
    services: {
      ...byService({}),
      description: "Each service's data, as its data file holds it (with its schema `version`)",
    },
  },
} as const;

/** POST /__sandbox/reset: the servers reset. */
export const RESET_ANSWER = {
  type: "object",
  required: ["reset"],
  properties: { reset: SERVICE_LIST },
} as const;

/** POST /__sandbox/import: the services whose data the document replaced. */
export const IMPORT_ANSWER = {
  type: "object",
  required: ["imported"],
  properties: { imported: SERVICE_LIST },
} as const;

/** What the clock controls answer: the sandbox's now, and how far it is from the system time. */
export type ClockState = FromSchema<typeof CLOCK_STATE>;

/** What GET /__sandbox/journal answers. */
export type JournalList = FromSchema<typeof JOURNAL_LIST>;

/** What GET /__sandbox/health answers. */
export type SandboxHealth = FromSchema<typeof SANDBOX_HEALTH>;

/** All data of the services that keep a data file, as one document. */
export type ExportDocument = FromSchema<typeof EXPORT_DOCUMENT>;
