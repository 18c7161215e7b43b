import type { IncomingHttpHeaders } from "node:http";
import type { ServiceName } from "../../config/options.ts";
import { matchesFilter, type JournalBody, type JournalEntry, type JournalFilter } from "./entry.ts";
import type { Masker } from "./mask.ts";

/** An exchange as it was captured, secrets and all: it leaves the journal only masked. */
export interface Captured extends Pick<JournalEntry, "service" | "method" | "path" | "query" | "status" | "durationMs"> {
  /** When the request arrived (epoch ms), on the sandbox clock. */
  at: number;
  /** Both sets of headers are kept as they come (copied only when looked at). */
  request: { headers: IncomingHttpHeaders; body?: CapturedBody };
  response: { headers: Headers; body?: CapturedBody };
}

/** A body as the route read it (text) or as it was sent (bytes, decoded only when looked at). */
export interface CapturedBody {
  data: string | Buffer;
  truncated: boolean;
}

type Identity = Pick<JournalEntry, "user" | "agent">;

/** What is worked out of a capture only when someone looks (most entries never are), then kept. */
interface Recorded {
  id: number;
  captured: Captured;
  identity?: Identity;
  view?: JournalEntry;
  /** Called once the answer's body is in, for a listing that waits for it. */
  waiters?: (() => void)[];
}

export interface JournalOptions {
  /** Entries kept per server; the oldest make room. */
  size: number;
  masker: Masker;
  /** Who sent a captured request. */
  identify(captured: Captured): Identity;
}

/**
 * The request journal of the whole sandbox: the last `size` requests of each server, in memory.
 * Entries leave only masked. An entry whose answer is still being sent waits for its body: a
 * listing waits for it (so that a script that got its answer finds its request complete), and
 * followers get it once it is complete.
 */
export class Journal {
  readonly #rings = new Map<ServiceName, Ring<Recorded>>();
  readonly #listeners = new Set<(entry: JournalEntry) => void>();
  readonly #awaitingBody = new Set<Recorded>();
  #lastId = 0;
  /** Entries up to this id were cleared: one that completes later is not sent to followers. */
  #clearedUpTo = 0;

  constructor(private readonly options: JournalOptions) {}

  /** Records a complete exchange. */
  record(captured: Captured): void {
    this.#announce(this.#add(captured));
  }

  /** Records an exchange whose answer is being sent; answers the way to give it the answer's body (none: there was no body). */
  recordAwaitingBody(captured: Captured): (body: CapturedBody | undefined) => void {
    const recorded = this.#add(captured);
    this.#awaitingBody.add(recorded);
    return (body) => {
      captured.response.body = body;
      recorded.view = undefined; // a view made while the body was on its way lacks it
      this.#awaitingBody.delete(recorded);
      for (const resolve of recorded.waiters ?? []) resolve();
      if (recorded.id > this.#clearedUpTo) this.#announce(recorded);
    };
  }

  /** Resolves once every entry recorded before the call has its answer's body. */
  async settled(): Promise<void> {
    await Promise.all([...this.#awaitingBody].map((recorded) => new Promise<void>((resolve) => (recorded.waiters ??= []).push(resolve))));
  }

  /** The matching entries after the entry `after`, oldest first: the newest `limit` of them, and how many matched in all. */
  list(filter: JournalFilter = {}, options: { limit?: number; after?: number } = {}): { entries: JournalEntry[]; total: number } {
    const after = options.after ?? 0;
    const matching = [...this.#rings.values()]
      .flatMap((ring) => ring.values())
      .filter((recorded) => recorded.id > after && matchesFilter({ ...recorded.captured, ...this.#identity(recorded) }, filter))
      .sort((a, b) => a.id - b.id);
    const start = options.limit === undefined ? 0 : Math.max(0, matching.length - options.limit);
    return { entries: matching.slice(start).map((recorded) => this.#view(recorded)), total: matching.length };
  }

  /** Empties the journal; answers how many entries it held. */
  clear(): number {
    const count = [...this.#rings.values()].reduce((sum, ring) => sum + ring.length, 0);
    this.#rings.clear();
    this.#clearedUpTo = this.#lastId;
    return count;
  }

  /** Calls `listener` with each new entry; answers the way to stop. */
  subscribe(listener: (entry: JournalEntry) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The id of the newest entry; 0 while there was none. */
  get lastId(): number {
    return this.#lastId;
  }

  #add(captured: Captured): Recorded {
    let ring = this.#rings.get(captured.service);
    if (!ring) this.#rings.set(captured.service, (ring = new Ring(this.options.size)));
    const recorded: Recorded = { id: ++this.#lastId, captured };
    ring.push(recorded);
    return recorded;
  }

  #announce(recorded: Recorded): void {
    if (this.#listeners.size === 0) return;
    const entry = this.#view(recorded);
    for (const listener of this.#listeners) listener(entry);
  }

  #identity(recorded: Recorded): Identity {
    return (recorded.identity ??= this.options.identify(recorded.captured));
  }

  /** Everything the client sent or was answered, masked; what the server made of it (status, timing, who) as it is. */
  #view(recorded: Recorded): JournalEntry {
    if (recorded.view) return recorded.view;
    const { masker } = this.options;
    const { at, request, response, ...captured } = recorded.captured;
    const { user, agent } = this.#identity(recorded);
    const body = (part?: CapturedBody): JournalBody | undefined => part && { text: masker.text(part.data.toString(), part.truncated), truncated: part.truncated };
    return (recorded.view = {
      id: recorded.id,
      time: new Date(at).toISOString(),
      ...captured,
      path: masker.text(captured.path),
      query: masker.text(captured.query),
      ...(user !== undefined && { user: masker.text(user) }),
      agent,
      request: { headers: masker.headers(plainHeaders(Object.entries(request.headers))), body: body(request.body) },
      response: { headers: masker.headers(plainHeaders(response.headers)), body: body(response.body) },
    });
  }
}

/** Headers as one string each (repeated ones joined, as HTTP allows); Set-Cookie is masked whole anyway. */
function plainHeaders(headers: Iterable<[string, string | string[] | undefined]>): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const [name, value] of headers) if (value !== undefined) plain[name] = Array.isArray(value) ? value.join(", ") : value;
  return plain;
}

/** A fixed number of the latest items: a new one takes the place of the oldest. */
class Ring<T> {
  readonly #items: T[] = [];
  #next = 0;

  constructor(private readonly size: number) {}

  get length(): number {
    return this.#items.length;
  }

  push(item: T): void {
    if (this.#items.length < this.size) this.#items.push(item);
    else this.#items[this.#next] = item;
    this.#next = (this.#next + 1) % this.size;
  }

  /** Oldest first. */
  values(): T[] {
    return [...this.#items.slice(this.#next), ...this.#items.slice(0, this.#next)];
  }
}
