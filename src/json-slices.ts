import { inSlices, type Work } from "./slices.ts";
import type { Timers } from "./timers.ts";

/**
 * The text is turned into bytes a piece at a time: one string of the whole (14 MB for a
 * 10,000-entry HAR) would take a long block of its own to encode.
 */
const PIECE_CHARS = 64 * 1024;

/**
 * The JSON text of a value of type T, made already, in pieces: what a route answers as it is, a
 * piece after the other (joined, 14 MB would be one more long block to copy).
 */
export class JsonBytes<T> {
  /** Only what was made of a T is a JsonBytes<T>: a route answers the type its contract says. */
  declare readonly of?: T;
  constructor(
    readonly pieces: readonly Buffer[],
    private readonly timers: Timers,
  ) {}

  get byteLength(): number {
    return this.pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
  }

  /**
   * The pieces as a body, with the event loop's turn before each: a client that reads as fast as
   * loopback goes takes each write at once, and without the turns the 60 MiB of a HAR went out
   * in one block of ~300 ms, every piece asked for as soon as the last one was written.
   */
  body(): ReadableStream<Uint8Array> {
    let next = 0;
    return new ReadableStream({
      pull: async (controller) => {
        await new Promise<void>((resolve) => this.timers.setImmediate(resolve));
        if (next < this.pieces.length) controller.enqueue(this.pieces[next++]!);
        else controller.close();
      },
    });
  }
}

/** The value's JSON text, made in slices (src/slices.ts) so that the servers keep answering meanwhile. */
export async function jsonInSlices<T>(value: T, timers: Timers): Promise<JsonBytes<T>> {
  return new JsonBytes(await inSlices(jsonText(value), timers), timers);
}

/**
 * The value's JSON text as JSON.stringify writes data (objects, arrays, strings, numbers,
 * booleans, null, dates), as work: the item of an array is the unit, written whole (an entry of
 * the journal, a product, an order), and the objects around the arrays are walked member by member.
 */
export function* jsonText(value: unknown): Work<Buffer[]> {
  const pieces: Buffer[] = [];
  let text = "";
  const put = (more: string) => {
    text += more;
    if (text.length < PIECE_CHARS) return;
    pieces.push(Buffer.from(text));
    text = "";
  };
  yield* write(value, put);
  pieces.push(Buffer.from(text));
  return pieces;
}

function* write(value: unknown, put: (text: string) => void): Work<void> {
  if (Array.isArray(value)) {
    put("[");
    for (let index = 0; index < value.length; index++) {
      yield;
      // What JSON.stringify writes no text for (undefined, a function) is null in an array.
      put(`${index === 0 ? "" : ","}${JSON.stringify(value[index]) ?? "null"}`);
    }
    put("]");
  } else if (isWalked(value)) {
    put("{");
    let first = true;
    for (const [key, member] of Object.entries(value)) {
      // …and left out of an object.
      if (member === undefined || typeof member === "function" || typeof member === "symbol") continue;
      yield;
      put(`${first ? "" : ","}${JSON.stringify(key)}:`);
      first = false;
      yield* write(member, put);
    }
    put("}");
  } else put(JSON.stringify(value) ?? "null");
}

/** An object whose members are written one by one: not one that says its own JSON (a date). */
function isWalked(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && typeof (value as { toJSON?: unknown }).toJSON !== "function";
}
