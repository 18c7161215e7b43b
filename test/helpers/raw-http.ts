import assert from "node:assert/strict";
import { connect } from "node:net";

/**
 * Sends raw bytes (to get past fetch's own header checks) and returns the raw answer, up to the
 * server's close or until `enough` says so (a stream never ends by itself). The socket is not
 * half-closed (halfClosedRequest does that).
 */
export function rawRequest(
  url: string,
  text: string,
  enough: (answer: string) => boolean = () => false,
): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      answer += chunk;
      if (enough(answer)) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

/**
 * Sends the whole request, then half-closes (a FIN: the client has nothing more to say, as `curl`
 * and scripts piping a request do), and returns what was answered before the server closed: "" if
 * nothing was.
 */
export function halfClosedRequest(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.end(text));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", () => {}); // a reset is an answer lost: the caller sees it by what was read
    socket.on("close", () => resolve(answer));
  });
}

export interface RawAnswer {
  status: number;
  /** The reason phrase of the status line, as sent ("" when there is none). */
  reason: string;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
  /** The body, with a chunked encoding undone. */
  body: string;
}

/** Splits a raw HTTP/1.1 answer into its status line, headers and body. */
export function parseAnswer(answer: string): RawAnswer {
  const end = answer.indexOf("\r\n\r\n");
  const [statusLine = "", ...headerLines] = answer.slice(0, end).split("\r\n");
  const match = /^HTTP\/1\.1 (\d{3}) ?(.*)$/.exec(statusLine);
  if (!match) throw new Error(`not an HTTP/1.1 answer: ${JSON.stringify(answer.slice(0, 80))}`);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const raw = answer.slice(end + 4);
  return {
    status: Number(match[1]),
    reason: match[2] ?? "",
    headers,
    body: headers["transfer-encoding"] === "chunked" ? unchunk(raw) : raw,
  };
}

/** A request line, Host, the headers given ("Name: value"), Connection: close and the body with its length. */
export function requestText(method: string, path: string, headers: string[] = [], body = ""): string {
  const length = body ? [`Content-Length: ${Buffer.byteLength(body)}`] : [];
  return [`${method} ${path} HTTP/1.1`, "Host: 127.0.0.1", ...headers, ...length, "Connection: close", "", body].join(
    "\r\n",
  );
}

/** Chunk sizes count bytes, so the body is cut as bytes; a stream cut short gives its complete chunks. */
function unchunk(text: string): string {
  const parts: Buffer[] = [];
  let rest = Buffer.from(text, "utf8");
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.subarray(0, Math.max(lineEnd, 0)).toString("latin1"), 16);
    if (!(size > 0) || rest.length < lineEnd + 2 + size) return Buffer.concat(parts).toString("utf8");
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    rest = rest.subarray(lineEnd + 2 + size + 2);
  }
}

/** Request lines no server can take, each with what it gets: a status and code in the JSON error shape. */
export const MALFORMED_TARGETS: [name: string, line: string, status: number, code: string][] = [
  ["an IPv6 host never closed", "GET http://[/x HTTP/1.1", 400, "bad_request"],
  ["a percent sign in the host", "GET http://%zz/ HTTP/1.1", 400, "bad_request"],
  ["a port past 65535", "GET http://[::1]:99999/ HTTP/1.1", 400, "bad_request"],
  ["a URL of another scheme", "GET ftp://127.0.0.1/health HTTP/1.1", 400, "bad_request"],
  ["user info in the URL", "GET http://user:secret@127.0.0.1/health HTTP/1.1", 400, "bad_request"],
  ["a path without its slash", "GET health HTTP/1.1", 400, "bad_request"],
  ["an asterisk for GET", "GET * HTTP/1.1", 400, "bad_request"],
  ["two slashes: a path no route has", "GET // HTTP/1.1", 404, "not_found"],
  ["absolute-form naming another host", "GET http://attacker.example/health HTTP/1.1", 421, "unknown_host"],
  ["a target of 20,000 characters", `GET /${"a".repeat(20_000)} HTTP/1.1`, 431, "request_header_fields_too_large"],
];

/** The request line, then Host and Connection: close unless `headers` says otherwise. */
export async function sendLine(
  url: string,
  line: string,
  headers = ["Host: 127.0.0.1", "Connection: close"],
): Promise<RawAnswer> {
  return parseAnswer(await rawRequest(url, `${[line, ...headers].join("\r\n")}\r\n\r\n`));
}

/** An answer in the JSON error shape, with this status and code; `name` says which case failed. */
export function assertErrorShape(answer: RawAnswer, status: number, code: string, name: string): void {
  assert.equal(answer.status, status, `${name}: ${answer.body}`);
  assert.equal(answer.headers["content-type"], "application/json; charset=utf-8", name);
  assert.equal(answer.headers["x-content-type-options"], "nosniff", name);
  const body = JSON.parse(answer.body) as { code: string; error: string };
  assert.equal(body.code, code, name);
  assert.equal(typeof body.error, "string", name);
}
