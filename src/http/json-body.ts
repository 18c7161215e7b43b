import { assertBodySize, type H3Event, HTTPError } from "h3";
import { HTTP_TEXTS } from "../contracts/http-errors.ts";
import { type ErrorText, failWith, messageOf } from "../errors.ts";
import { isJsonObject } from "../json-text.ts";
import { readNodeBodyText } from "./node-body.ts";

const MIB = 1024 * 1024;
export const MAX_BODY_BYTES = MIB;

/** Where the body a route read waits, on the event, for whoever looks at the exchange once it is answered (an observer of the app). */
const BODY_READ = "requestBodyText";

/** The body text a route read through readBodyText; undefined when the route answered without reading it. */
export function bodyTextRead(event: H3Event): string | undefined {
  const text = event.context[BODY_READ];
  return typeof text === "string" ? text : undefined;
}

/**
 * Reads a JSON object body: `application/json` only (415 otherwise), at most 1 MiB unless the
 * route says otherwise (413, with `tooLarge`'s text if the route has its own), and keys that could
 * reach a prototype (`__proto__`, `constructor`, `prototype`) are dropped.
 */
export async function readJsonObject(
  event: H3Event,
  maxBytes = MAX_BODY_BYTES,
  tooLarge?: ErrorText,
): Promise<Record<string, unknown>> {
  if (!isJsonType(event.req.headers.get("content-type") ?? "")) {
    failWith(HTTP_TEXTS.notJsonType);
  }
  const text = await readBodyText(event, maxBytes, tooLarge);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, dropPrototypeKeys);
  } catch (error) {
    const reason = error instanceof RangeError ? "it is nested too deeply" : messageOf(error);
    failWith(HTTP_TEXTS.notJson, { values: { reason } });
  }
  if (!isJsonObject(parsed)) failWith(HTTP_TEXTS.notObject);
  return parsed;
}

/** Whether a Content-Type is JSON's: application/json, or a +json type such as application/merge-patch+json, with any parameters. */
export function isJsonType(type: string): boolean {
  return /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type);
}

/**
 * The body as text, at most 1 MiB unless the route allows more (413: `tooLarge`'s text, given the
 * limit as {size}); a client that hangs up mid-body is a 400, not a server error.
 */
export async function readBodyText(
  event: H3Event,
  maxBytes = MAX_BODY_BYTES,
  tooLarge: ErrorText = HTTP_TEXTS.bodyTooLarge,
): Promise<string> {
  try {
    const node = event.runtime?.node?.req;
    const text = node ? await readNodeBodyText(node, maxBytes) : await readWebBodyText(event, maxBytes);
    event.context[BODY_READ] = text;
    return text;
  } catch (error) {
    if (!HTTPError.isError(error)) failWith(HTTP_TEXTS.bodyCut);
    if (error.status === 413) failWith(tooLarge, { values: { size: sizeText(maxBytes) } });
    throw error;
  }
}

/** A request made in-process (an agent route's forward): h3 checks its size and reads it. */
async function readWebBodyText(event: H3Event, maxBytes: number): Promise<string> {
  assertBodySize(event, maxBytes);
  return event.req.text();
}

/** 1 MiB, 16 KiB: a limit as people write it. */
export function sizeText(bytes: number): string {
  return bytes >= MIB ? `${bytes / MIB} MiB` : `${bytes / 1024} KiB`;
}

const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

function dropPrototypeKeys(key: string, value: unknown): unknown {
  return PROTOTYPE_KEYS.has(key) ? undefined : value;
}
