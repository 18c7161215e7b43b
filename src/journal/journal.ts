import { type JournalBody, type JournalEntry, type JournalFilter, matchesFilter } from "../contracts/journal/entry.ts";
import { type FlatHeaders, headerOf, headerRecord } from "../http/flat-headers.ts";
import type { Masker } from "../mask.ts";
import type { ServiceName } from "../service-names.ts";
import { atOnce, eachOf, type Work } from "../slices.ts";
import { type CapturedBody, Window, type WindowFigures } from "./window.ts";

/** An exchange as it was captured, secrets and all: it leaves the journal only masked. */
export interface Captured
  extends Pick<JournalEntry, "service" | "method" | "path" | "query" | "status" | "durationMs"> {
  /** When the request arrived (epoch ms), on the sandbox clock. */
  at: number;
  /** Both sets of headers are kept as they went over the wire (made into records only when looked at). */
  request: { headers: FlatHeaders; body?: CapturedBody };
  /** Its headers are there once it was sent (with its body, unless it is an event stream). */
  response: { headers: FlatHeaders; body?: CapturedBody };
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
  /** The server's entries it is one of, which counts what it holds. */
  window: Window<Recorded>;
  /** The captured bodies its window counts for it. */
  held?: (string | Buffer)[];
  /** It made room for newer entries. */
  left?: boolean;
}

/** Which of the matching entries a listing holds: those after the entry `after`, the newest `limit` of them. */
export interface ListOptions {
  limit?: number;
  after?: number;
}

/** A listing's entries, oldest first, and how many matched in all. */
export interface Listing {
  entries: JournalEntry[];
  total: number;
}

export interface JournalOptions {
  /** Entries kept per server; the oldest make room. */
  size: number;
  /** Bytes the bodies of a server's entries may take; past it, the oldest make room. */
  bodyBudget: number;
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
  readonly #windows = new Map<ServiceName, Window<Recorded>>();
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

  /** Records an exchange whose answer is being sent; answers the way to give it the answer's headers and body (none: there was no body). */
  recordAwaitingBody(captured: Captured): (headers: FlatHeaders, body: CapturedBody | undefined) => void {
    const recorded = this.#add(captured);
    this.#awaitingBody.add(recorded);
    return (headers, body) => {
      captured.response.headers = headers;
      captured.response.body = body;
      recorded.view = undefined; // a view made while the body was on its way lacks it
      recorded.window.hold(recorded, body);
      this.#awaitingBody.delete(recorded);
      for (const resolve of recorded.waiters ?? []) resolve();
      if (recorded.id > this.#clearedUpTo) this.#announce(recorded);
    };
  }

  /** Resolves once every entry recorded before the call has its answer's body. */
  async settled(): Promise<void> {
    await Promise.all(
      [...this.#awaitingBody].map(
        (recorded) =>
          new Promise<void>((resolve) => {
            recorded.waiters ??= [];
            recorded.waiters.push(resolve);
          }),
      ),
    );
  }

  /** The matching entries after the entry `after`, oldest first: the newest `limit` of them, and how many matched in all. */
  list(filter: JournalFilter = {}, options: ListOptions = {}): Listing {
    return atOnce(this.listing(filter, options));
  }

  /**
   * What `list` answers, as work whose unit is an entry looked at (src/slices.ts): who sent it and
   * its masked view are made the first time someone looks, which for thousands of entries takes
   * seconds. The entries are those the journal holds when it starts.
   */
  *listing(filter: JournalFilter = {}, options: ListOptions = {}): Work<Listing> {
    const after = options.after ?? 0;
    const held = [...this.#windows.values()].flatMap((window) => window.values());
    const matching: Recorded[] = [];
    for (const recorded of held) {
      if (recorded.id > after && matchesFilter({ ...recorded.captured, ...this.#identity(recorded) }, filter))
        matching.push(recorded);
      yield;
    }
    matching.sort((a, b) => a.id - b.id);
    const start = options.limit === undefined ? 0 : Math.max(0, matching.length - options.limit);
    const entries = yield* eachOf(matching.slice(start), (recorded) => this.#view(recorded));
    return { entries, total: matching.length };
  }

  /** Empties the journal; answers how many entries it held. */
  clear(): number {
    const count = [...this.#windows.values()].reduce((sum, window) => sum + window.length, 0);
    this.#windows.clear();
    this.#clearedUpTo = this.#lastId;
    return count;
  }

  /** How full each server's journal is: the entries it holds, the bytes their bodies count for, and how many made room since the start or the last clear. */
  figures(): Partial<Record<ServiceName, WindowFigures>> {
    return Object.fromEntries([...this.#windows].map(([service, window]) => [service, window.figures()]));
  }

  /** Calls `listener` with each new entry; answers the way to stop. */
  /** How many follow the journal live (each gets every entry as it is recorded). */
  get followers(): number {
    return this.#listeners.size;
  }

  subscribe(listener: (entry: JournalEntry) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The id of the newest entry; 0 while there was none. */
  get lastId(): number {
    return this.#lastId;
  }

  #add(captured: Captured): Recorded {
    let window = this.#windows.get(captured.service);
    if (!window) {
      window = new Window(this.options.size, this.options.bodyBudget);
      this.#windows.set(captured.service, window);
    }
    const recorded: Recorded = { id: ++this.#lastId, captured, window };
    window.push(recorded);
    return recorded;
  }

  #announce(recorded: Recorded): void {
    if (this.#listeners.size === 0) return;
    const entry = this.#view(recorded);
    for (const listener of this.#listeners) listener(entry);
  }

  #identity(recorded: Recorded): Identity {
    recorded.identity ??= this.options.identify(recorded.captured);
    return recorded.identity;
  }

  /** Everything the client sent or was answered, masked; what the server made of it (status, timing, who) as it is. */
  #view(recorded: Recorded): JournalEntry {
    if (recorded.view) return recorded.view;
    const { masker } = this.options;
    const { at, request, response, ...captured } = recorded.captured;
    const { user, agent } = this.#identity(recorded);
    const body = (part: CapturedBody | undefined, headers: FlatHeaders): JournalBody | undefined =>
      part && {
        text: recorded.window.masked(part, headerOf(headers, "content-type"), masker),
        truncated: part.truncated,
      };
    recorded.view = {
      id: recorded.id,
      time: new Date(at).toISOString(),
      ...captured,
      path: masker.text(captured.path),
      query: masker.query(captured.query),
      ...(user !== undefined && { user: masker.text(user) }),
      agent,
      request: { headers: masker.headers(headerRecord(request.headers)), body: body(request.body, request.headers) },
      response: {
        headers: masker.headers(headerRecord(response.headers)),
        body: body(response.body, response.headers),
      },
    };
    return recorded.view;
  }
}
