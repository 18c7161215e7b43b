import { ControlsClient } from "../../client/controls-client.ts";
import type { JournalEntry } from "../../contracts/journal/entry.ts";
import { messageOf, SandboxError } from "../../errors.ts";
import { sleep, type Timer, type Timers } from "../../timers.ts";

/** Whether the sandbox's request journal is being followed, and if not, why. */
export type JournalStatus =
  | { state: "looking" }
  | { state: "following"; url: string }
  /** `final`: the servers have no journal for the UI (no controls, token refused), so it stops asking. */
  | { state: "none"; reason: string; final: boolean };

type NoJournal = Extract<JournalStatus, { state: "none" }>;

export interface JournalSnapshot {
  status: JournalStatus;
  /** Newest first. */
  entries: readonly JournalEntry[];
}

/** The newest entries kept: a page by hand is all that is of use, and each can hold 32 KiB of bodies. */
const KEPT = 300;
/** A sandbox that stopped answering is asked again after this pause. */
const RETRY_MS = 3000;
/** The controls answer at once; one that does not (a slow or wedged server) is taken as no journal for now. */
const PROBE_TIMEOUT_MS = 5000;

/**
 * The sandbox's request journal, followed live: the latest entries listed, then each new one as
 * it comes (over the journal's event stream). Any server answers for the whole sandbox, so each
 * URL is tried until one does. The feed is not React: a hook runs it and reads its snapshots.
 */
export class JournalFeed {
  #snapshot: JournalSnapshot = { status: { state: "looking" }, entries: [] };
  #listeners = new Set<() => void>();

  constructor(
    private readonly urls: readonly string[],
    private readonly token: string,
    /** What the pause before asking again, and the wait for an answer, run on. */
    private readonly timers: Timers,
  ) {}

  get snapshot(): JournalSnapshot {
    return this.#snapshot;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Lists then follows the journal until `signal` aborts; a sandbox that goes away is asked again every few seconds. */
  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const opened = await this.#open(signal);
      if (opened) {
        const failure = await opened.client
          .followJournal(
            {},
            {
              after: opened.lastId,
              signal,
              onEntry: (entry) => this.#update({ entries: [entry, ...this.#snapshot.entries].slice(0, KEPT) }),
            },
          )
          .then(
            () => undefined,
            (error: unknown) => error,
          );
        if (signal.aborted) return;
        this.#update({
          status: noJournal(failure ?? new SandboxError("sandbox_unreachable", "the sandbox stopped answering")),
        });
      }
      const { status } = this.#snapshot;
      if (status.state === "none" && status.final) return;
      await sleep(this.timers, RETRY_MS, signal);
    }
  }

  /** The latest entries from the first server that answers the controls; undefined (and why, in the status) when none does. */
  async #open(signal: AbortSignal): Promise<{ client: ControlsClient; lastId: number } | undefined> {
    let status: NoJournal = { state: "none", reason: "no server to ask", final: true };
    for (const url of this.urls) {
      const client = new ControlsClient(url, this.token);
      try {
        const list = await withTimeout(client.journal({}, { limit: KEPT }), PROBE_TIMEOUT_MS, this.timers);
        if (signal.aborted) return undefined;
        this.#update({ status: { state: "following", url }, entries: list.entries.reverse() });
        return { client, lastId: list.lastId };
      } catch (error) {
        status = noJournal(error);
        if (status.final) break;
      }
    }
    if (!signal.aborted) this.#update({ status });
    return undefined;
  }

  #update(change: Partial<JournalSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...change };
    for (const listener of this.#listeners) listener();
  }
}

/** Why there is no journal to show, in a few words; final when asking again would answer the same. */
function noJournal(error: unknown): NoJournal {
  if (error instanceof SandboxError && error.status === 404)
    return {
      state: "none",
      reason: "the servers have no journal (a sandbox started with --no-controls, or not a sandbox)",
      final: true,
    };
  if (error instanceof SandboxError && (error.status === 401 || error.status === 403))
    return { state: "none", reason: `the controls refused the UI's control token (${error.status})`, final: true };
  if (error instanceof SandboxError && error.code === "answer_off_contract")
    return {
      state: "none",
      reason:
        "the servers answer the journal's address with something that is not the journal: not a sandbox of this version",
      final: true,
    };
  if (error instanceof SandboxError && error.code === "sandbox_unreachable")
    return { state: "none", reason: "no server answers (is the sandbox running?)", final: false };
  return { state: "none", reason: messageOf(error), final: false };
}

function withTimeout<T>(work: Promise<T>, ms: number, timers: Timers): Promise<T> {
  let timer: Timer | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = timers.setTimeout(
      () => reject(new SandboxError("sandbox_unreachable", `no answer within ${ms / 1000} s`)),
      ms,
    );
  });
  return Promise.race([work, late]).finally(() => timers.clear(timer));
}
