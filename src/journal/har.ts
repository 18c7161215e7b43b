import { STATUS_CODES } from "node:http";
import type { JournalBody, JournalEntry } from "../contracts/journal/entry.ts";
import type { ServiceUrls } from "../service-names.ts";
import { eachOf, type Work } from "../slices.ts";

/** A name and a value, as HAR lists headers and query parameters. */
type HarPair = {
  name: string;
  value: string;
};

/** One request and its answer in HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/). */
export type HarEntry = {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: HarPair[];
    headers: HarPair[];
    queryString: HarPair[];
    postData?: { mimeType: string; text: string; comment?: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: HarPair[];
    headers: HarPair[];
    content: { size: number; mimeType: string; text?: string; comment?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
};

/** A HAR 1.2 document: what a browser's network panel and the tools that read HAR open. */
export type HarLog = {
  log: { version: "1.2"; creator: { name: string; version: string }; entries: HarEntry[] };
};

/** Said of a body the journal kept only the beginning of. */
const TRUNCATED = "the journal keeps the first 16 KiB of a body: this is its beginning";

/**
 * The journal's entries as a HAR 1.2 log, oldest first: each request with the URL of the server
 * that answered it, its headers and bodies as the journal kept them (secrets already `***`), and
 * the time from its arrival to its answer as the wait. HAR sizes the journal does not know
 * (header bytes) are -1, as the format says. Work whose unit is an entry (src/slices.ts).
 */
export function* toHar(
  entries: readonly JournalEntry[],
  urls: ServiceUrls,
  creator: HarLog["log"]["creator"],
): Work<HarLog> {
  const harEntries = yield* eachOf(entries, (entry) => harEntry(entry, urls));
  return { log: { version: "1.2", creator, entries: harEntries } };
}

function harEntry(entry: JournalEntry, urls: ServiceUrls): HarEntry {
  const base = urls[entry.service] ?? `http://${entry.service}.invalid`;
  const requestBody = entry.request.body;
  const responseBody = entry.response.body;
  const mimeType = (headers: Record<string, string>) => headers["content-type"] ?? "application/octet-stream";
  return {
    startedDateTime: new Date(entry.time).toISOString(),
    time: entry.durationMs,
    request: {
      method: entry.method,
      url: `${base}${entry.path}${entry.query ? `?${entry.query}` : ""}`,
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: pairs(entry.request.headers),
      queryString: [...new URLSearchParams(entry.query)].map(([name, value]) => ({ name, value })),
      ...(requestBody ? { postData: { mimeType: mimeType(entry.request.headers), ...bodyText(requestBody) } } : {}),
      headersSize: -1,
      bodySize: requestBody ? byteLength(requestBody) : 0,
    },
    response: {
      status: entry.status,
      statusText: STATUS_CODES[entry.status] ?? "",
      httpVersion: "HTTP/1.1",
      cookies: [],
      headers: pairs(entry.response.headers),
      content: {
        size: responseBody ? Buffer.byteLength(responseBody.text) : 0,
        mimeType: mimeType(entry.response.headers),
        ...(responseBody ? bodyText(responseBody) : {}),
      },
      redirectURL: entry.response.headers.location ?? "",
      headersSize: -1,
      bodySize: responseBody ? byteLength(responseBody) : -1,
    },
    cache: {},
    timings: { send: 0, wait: entry.durationMs, receive: 0 },
    ...(entry.user ? { comment: `user ${entry.user}${entry.agent ? ", sent by the agent" : ""}` } : {}),
  };
}

const pairs = (headers: Record<string, string>): HarPair[] =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));

const bodyText = (body: JournalBody) => ({ text: body.text, ...(body.truncated ? { comment: TRUNCATED } : {}) });

/** The body's size as kept; a truncated one's whole size is unknown (-1). */
const byteLength = (body: JournalBody) => (body.truncated ? -1 : Buffer.byteLength(body.text));
