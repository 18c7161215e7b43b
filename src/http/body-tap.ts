import type { IncomingMessage } from "node:http";
import { type FlatHeaders, flatHeaders } from "./flat-headers.ts";
import { LingeringResponse } from "./lingering-close.ts";
import type { GivenHeaders } from "./reason-phrase.ts";

/** The beginning of a body as it was sent: the text itself when it was written as text, else its bytes. */
export interface SentBody {
  data: string | Buffer;
  /** The body went on past the limit. */
  truncated: boolean;
}

type Chunk = string | Uint8Array;

/** Bodies their senders never change (an answer serialised once and sent many times): a tap keeps them, not a copy. */
const unchanging = new WeakSet<Uint8Array>();

/** Marks bytes that will never change, so that taps keep a reference instead of copying them on every send. */
export function unchangingBytes<T extends Uint8Array>(bytes: T): T {
  unchanging.add(bytes);
  return bytes;
}
type WriteCallback = (error: Error | null | undefined) => void;

interface Tap {
  limit: number;
  /** Bytes still wanted: one past the limit, to know that there is more. */
  room: number;
  chunks: (string | Buffer)[];
  done(body: SentBody, head: FlatHeaders | undefined): void;
}

/**
 * The server's response, which keeps its head and, when asked to (by an observer of the
 * exchange), the beginning of what it sends, as it is given: the headers' array and a string as
 * they are, bytes that never change by reference. It buys the catalog's req/s ≥ 1.0× the bare
 * naive server: the plain way, the journal reading a clone of each Response, makes every answer a
 * web stream, and measured 3.5–5× the CPU per catalog read (docs/performance.md, "What stays for
 * which figure").
 */
export class TappableResponse<Request extends IncomingMessage = IncomingMessage> extends LingeringResponse<Request> {
  #tap?: Tap;
  #closed = false;
  #head?: FlatHeaders;

  /**
   * Calls `done` with the first `limit` bytes written from now on, once there are more or once the
   * response ends or breaks off, and with the headers it was sent with (none if it never was).
   */
  tapBody(limit: number, done: (body: SentBody, head: FlatHeaders | undefined) => void): void {
    this.#tap = { limit, room: limit + 1, chunks: [], done };
    // The client left while the route was still working: the close has come and gone, and nothing
    // will be written, so the body is known now (empty). Waiting would hold the journal forever.
    if (this.#closed) this.#finish(false);
  }

  override writeHead(statusCode: number, reasonOrHeaders?: string | GivenHeaders, headers?: GivenHeaders): this {
    super.writeHead(statusCode, reasonOrHeaders, headers);
    const given = typeof reasonOrHeaders === "string" ? headers : (reasonOrHeaders ?? headers);
    // Headers set one by one before (setHeader) are merged with the given ones there; an implicit head (end() alone) has only those.
    this.#head = this.getHeaderNames().length > 0 || !given ? flatHeaders(this.getHeaders()) : flatHeaders(given);
    return this;
  }

  override write(chunk: Chunk, encodingOrCallback?: BufferEncoding | WriteCallback, callback?: WriteCallback): boolean {
    this.#keep(chunk, encodingOrCallback);
    return typeof encodingOrCallback === "function"
      ? super.write(chunk, encodingOrCallback)
      : super.write(chunk, encodingOrCallback ?? "utf8", callback);
  }

  override end(
    chunkOrCallback?: Chunk | (() => void),
    encodingOrCallback?: BufferEncoding | (() => void),
    callback?: () => void,
  ): this {
    if (chunkOrCallback === undefined || typeof chunkOrCallback === "function") {
      super.end(chunkOrCallback);
    } else {
      this.#keep(chunkOrCallback, encodingOrCallback);
      if (typeof encodingOrCallback === "function") super.end(chunkOrCallback, encodingOrCallback);
      else super.end(chunkOrCallback, encodingOrCallback ?? "utf8", callback);
    }
    this.#finish(false);
    return this;
  }

  /** A response cut off before its end (the client left) closes without end(). */
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === "close") {
      this.#closed = true;
      this.#finish(false);
    }
    return super.emit(event, ...args);
  }

  #keep(chunk: Chunk, encoding: unknown): void {
    if (!this.#tap) return;
    if (typeof chunk !== "string") this.#keepBytes(chunk);
    else if (typeof encoding === "string" && !/^utf-?8$/i.test(encoding))
      this.#keepBytes(Buffer.from(chunk, encoding as BufferEncoding));
    else this.#keepText(chunk);
  }

  /** Text written as UTF-8: kept as it is while it fits. */
  #keepText(text: string): void {
    const tap = this.#tap!;
    const size = Buffer.byteLength(text);
    if (size < tap.room) {
      tap.chunks.push(text);
      tap.room -= size;
    } else {
      // No character takes less than a byte in UTF-8: the room's worth of characters is enough to fill it.
      this.#keepBytes(Buffer.from(text.slice(0, tap.room)));
    }
  }

  #keepBytes(bytes: Uint8Array): void {
    const tap = this.#tap!;
    const end = Math.min(bytes.length, tap.room);
    // A copy, unless the bytes never change: whoever writes a buffer may reuse it once it is written.
    const kept = !unchanging.has(bytes)
      ? Buffer.from(bytes.subarray(0, end))
      : Buffer.isBuffer(bytes) && end === bytes.length
        ? bytes
        : Buffer.from(bytes.buffer, bytes.byteOffset, end);
    tap.chunks.push(kept);
    tap.room -= kept.length;
    if (tap.room === 0) this.#finish(true);
  }

  #finish(truncated: boolean): void {
    const tap = this.#tap;
    if (!tap) return;
    this.#tap = undefined;
    tap.done({ data: joined(tap.chunks, truncated ? tap.limit : undefined), truncated }, this.#head);
  }
}

/** One string when the body was written as text, else its bytes; cut to `limit` bytes when given. */
function joined(chunks: (string | Buffer)[], limit?: number): string | Buffer {
  const [first] = chunks;
  // The usual answer is written once: kept as it is (a string, or bytes that are ours or never change), not copied.
  if (limit === undefined && chunks.length === 1) return first!;
  if (limit === undefined && chunks.every((chunk) => typeof chunk === "string")) return chunks.join("");
  return Buffer.concat(chunks.map((chunk) => (typeof chunk === "string" ? Buffer.from(chunk) : chunk))).subarray(
    0,
    limit,
  );
}
