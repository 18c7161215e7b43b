import { setTimeout as sleep } from "node:timers/promises";
import { SandboxError, type ErrorBody } from "../errors.ts";
import { readEvents } from "../http/sse-read.ts";
import { filterQuery, type JournalEntry, type JournalFilter } from "./journal/entry.ts";
import type { JournalList } from "./journal-routes.ts";
import { CONTROLS_PREFIX } from "./prefix.ts";

/** What GET /__sandbox/health answers. */
export interface SandboxHealth {
  status: "ok";
  startedAt: string;
  uptimeMs: number;
  /** The sandbox clock's now, which the clock controls move. */
  now: string;
  urls: Record<string, string>;
  stats: Record<string, number>;
}

/** What `expect` found. */
export interface ExpectResult {
  /** The expectation held. */
  ok: boolean;
  filter: JournalFilter;
  /** How many matching requests were expected; undefined: at least one. */
  expected?: number;
  /** How many matched. */
  matched: number;
  /** The latest requests of the service the filter names (of every server when it names none), oldest first, to show what happened instead. */
  seen: JournalEntry[];
  /** How many requests that service answered in all (`seen` holds the latest EXPECT_SHOWN). */
  seenTotal: number;
}

/** How many of the requests that were seen `expect` shows. */
export const EXPECT_SHOWN = 20;

/** A dropped follower reconnects after this pause, so that a sandbox that keeps dropping it is not hammered. */
const RECONNECT_PAUSE_MS = 200;

/**
 * A typed client of the /__sandbox/ routes of a running sandbox: what the CLI commands, the
 * programmatic API and test scripts use. Any of the servers answers every control.
 */
export class ControlsClient {
  constructor(
    readonly baseUrl: string,
    private readonly token?: string,
  ) {}

  health(): Promise<SandboxHealth> {
    return this.request("GET", "health");
  }

  /** The request journal, oldest first: the matching entries (the newest `limit` of them, those after the entry `after`). */
  journal(filter: JournalFilter = {}, options: { limit?: number; after?: number } = {}): Promise<JournalList> {
    return this.request("GET", `journal?${filterQuery(filter, options)}`);
  }

  /** Empties the request journal; answers how many entries it held. */
  clearJournal(): Promise<{ cleared: number }> {
    return this.request("DELETE", "journal");
  }

  /** Counts the requests in the journal that match `filter`: it holds with exactly `count` of them, or, without a count, with at least one. */
  async expect(filter: JournalFilter, count?: number): Promise<ExpectResult> {
    const matched = await this.journal(filter, { limit: 1 });
    const seen = await this.journal({ service: filter.service }, { limit: EXPECT_SHOWN });
    const ok = count === undefined ? matched.total > 0 : matched.total === count;
    return { ok, filter, expected: count, matched: matched.total, seen: seen.entries, seenTotal: seen.total };
  }

  /**
   * Follows the request journal live, giving `onEntry` each matching entry after the entry
   * `after` (0: all of them). A stream the sandbox dropped (a follower that fell behind) is
   * opened again from the last entry seen; when what was missed is too much to send at once,
   * `onSkipped` says how many of the oldest are left out. Resolves when `signal` aborts or the sandbox stops.
   */
  async followJournal(filter: JournalFilter, options: { after: number; onEntry: (entry: JournalEntry) => void; onSkipped?: (count: number) => void; signal?: AbortSignal }): Promise<void> {
    let last = options.after;
    for (;;) {
      let response: Response;
      try {
        response = await this.#fetch("GET", `journal/stream?${filterQuery(filter, { after: last })}`, { accept: "text/event-stream" }, undefined, options.signal);
      } catch (error) {
        if (options.signal?.aborted || (error instanceof SandboxError && error.code === "sandbox_unreachable")) return;
        throw error;
      }
      // An error answer (controls refused, say) throws as any control's does.
      if (!response.ok) return this.#parse<void>(response, "GET", "journal/stream");
      try {
        for await (const message of readEvents(response.body!)) {
          const { entries, skipped } = message.event === "journal" ? (JSON.parse(message.data) as { entries: JournalEntry[]; skipped: number }) : { entries: [JSON.parse(message.data) as JournalEntry], skipped: 0 };
          if (skipped > 0) options.onSkipped?.(skipped);
          for (const entry of entries) {
            last = Math.max(last, entry.id);
            options.onEntry(entry);
          }
        }
      } catch (error) {
        // An abort, or a connection cut by a sandbox that stops: whichever, the next round tells.
        if (options.signal?.aborted) return;
        if ((error as Error).name !== "TypeError") throw error;
      }
      await sleep(RECONNECT_PAUSE_MS, undefined, { signal: options.signal }).catch(() => undefined);
    }
  }

  /** Calls a control; an error answer becomes a SandboxError with the server's code and message. */
  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    return this.#parse(await this.#fetch(method, path, headers, body === undefined ? undefined : JSON.stringify(body)), method, path);
  }

  async #fetch(method: string, path: string, headers: Record<string, string>, body?: string, signal?: AbortSignal): Promise<Response> {
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    try {
      return await fetch(`${this.baseUrl}${CONTROLS_PREFIX}${path}`, { method, headers, body, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new SandboxError("sandbox_unreachable", `The sandbox at ${this.baseUrl} did not answer (${(error as Error).message}). Is it still running?`, { status: 502, expected: true, cause: error });
    }
  }

  async #parse<T>(response: Response, method: string, path: string): Promise<T> {
    const text = await response.text();
    const parsed = text === "" ? undefined : (JSON.parse(text) as unknown);
    if (!response.ok) {
      const failure = (parsed ?? {}) as Partial<ErrorBody>;
      throw new SandboxError(failure.code ?? "control_failed", failure.error ?? `${method} ${CONTROLS_PREFIX}${path} answered ${response.status}`, { status: response.status, expected: true, details: failure.details, hint: failure.hint });
    }
    return parsed as T;
  }
}
