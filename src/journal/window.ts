import type { WINDOW_FIGURES } from "../contracts/journal/schemas.ts";
import type { FromSchema } from "../json-schema.ts";
import type { Masker } from "../mask.ts";

/** A body as the route read it (text) or as it was sent (bytes, decoded only when looked at). */
export interface CapturedBody {
  data: string | Buffer;
  truncated: boolean;
}

/** An entry as its window sees it: the bodies it captured, those the window counts for it, and whether it left. */
export interface WindowEntry {
  captured: { request: { body?: CapturedBody }; response: { body?: CapturedBody } };
  held?: (string | Buffer)[];
  left?: boolean;
}

/** How full a server's journal is (in GET /__sandbox/health). */
export type WindowFigures = FromSchema<typeof WINDOW_FIGURES>;

/** A body a window holds: the one copy its entries share. */
interface HeldBody {
  data: string | Buffer;
  /** How many of the window's entries hold it. */
  holders: number;
  /**
   * Its masked texts once made, by how they were read: cut or whole (a cut one masks a secret's
   * beginning at its end), and the type it was sent as (a form is masked as one).
   */
  masked?: Map<string, string>;
}

/**
 * A server's entries, oldest first: the newest `size` of them whose bodies take at most `budget`
 * bytes (the newest is kept whatever its size). Each distinct body counts twice its length, as
 * captured and as its masked text (made once, when an entry holding it is first looked at), so
 * that looking never makes an entry leave. A body equal to one the window holds is kept as that
 * one (a poll, a client that retries, the catalog sent again), so it takes memory, and counts,
 * once however many entries hold it; and the garbage collector has one copy to move, not one per
 * request.
 */
export class Window<E extends WindowEntry> {
  readonly #entries: E[] = [];
  /** Each captured body the window holds, by itself (a string by its value). */
  readonly #bodies = new Map<string | Buffer, HeldBody>();
  /** The bytes last held: bytes are compared with them only (a Map finds equal strings, not equal bytes). */
  #lastBytes?: Buffer;
  #bytes = 0;
  #madeRoom = 0;

  constructor(
    private readonly size: number,
    private readonly budget: number,
  ) {}

  get length(): number {
    return this.#entries.length;
  }

  figures(): WindowFigures {
    return { entries: this.#entries.length, bodyBytes: this.#bytes, madeRoom: this.#madeRoom };
  }

  push(recorded: E): void {
    this.#entries.push(recorded);
    this.hold(recorded, recorded.captured.request.body);
    this.hold(recorded, recorded.captured.response.body);
    this.#makeRoom(); // for an entry without a body too
  }

  /** Counts a body an entry came to hold (its answer's, once sent), kept as the equal one the window holds if any; then makes room. */
  hold(recorded: E, body: CapturedBody | undefined): void {
    if (recorded.left || !body) return;
    const held = this.#equalTo(body.data);
    if (held) {
      held.holders++;
      body.data = held.data;
    } else {
      this.#bodies.set(body.data, { data: body.data, holders: 1 });
      this.#bytes += 2 * body.data.length;
    }
    if (Buffer.isBuffer(body.data)) this.#lastBytes = body.data;
    recorded.held ??= [];
    recorded.held.push(body.data);
    this.#makeRoom();
  }

  /** What the window holds of a body equal to `data`: found by value for a string, by identity or against the last bytes for bytes. */
  #equalTo(data: string | Buffer): HeldBody | undefined {
    const held = this.#bodies.get(data);
    if (held || typeof data === "string" || !this.#lastBytes?.equals(data)) return held;
    return this.#bodies.get(this.#lastBytes);
  }

  /** A body's masked text, made once for all the entries that hold it (as sent with the same type). */
  masked({ data, truncated }: CapturedBody, contentType: string | undefined, masker: Masker): string {
    const mask = () => masker.body(data.toString(), contentType, truncated);
    const held = this.#bodies.get(data);
    if (!held) return mask(); // its entries left while a listing was being made
    const kind = `${truncated ? "cut" : "whole"} ${contentType ?? ""}`;
    held.masked ??= new Map();
    const made = held.masked.get(kind) ?? mask();
    held.masked.set(kind, made);
    return made;
  }

  /** Oldest first. */
  values(): E[] {
    return [...this.#entries];
  }

  #makeRoom(): void {
    while (this.#entries.length > 1 && (this.#entries.length > this.size || this.#bytes > this.budget))
      this.#leave(this.#entries.shift()!);
  }

  #leave(recorded: E): void {
    recorded.left = true;
    this.#madeRoom++;
    for (const data of recorded.held ?? []) {
      const held = this.#bodies.get(data)!;
      if (--held.holders > 0) continue;
      this.#bodies.delete(data);
      this.#bytes -= 2 * data.length;
    }
  }
}
