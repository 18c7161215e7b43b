import { setTimeout as sleep } from "node:timers/promises";
import { CONTROLS_PREFIX } from "../contracts/controls/prefix.ts";
import { filterQuery } from "../contracts/journal/entry.ts";
import type { Direction, TransactionStatus, TransactionType } from "../contracts/wallet/schemas.ts";
import { SandboxError } from "../errors.ts";
import type { FromSchema, JsonSchema } from "../json-schema.ts";
import type { ServiceName } from "../service-names.ts";
import { connectionProblem } from "./connection.ts";
import { controlRefusal, readControlAnswer } from "./control-answer.ts";
import { readEvents } from "./sse-read.ts";
import {
  CLEARED_FAULTS,
  CLOCK_STATE,
  type ClientListing,
  type ClockState,
  DELIVERED_ORDER,
  type DeliveredOrder,
  EXPORT_DOCUMENT,
  type ExportDocument,
  FAULT,
  FAULT_LIST,
  type Fault,
  type FaultSpec,
  HAR_DOCUMENT,
  type HarDocument,
  IMPORT_ANSWER,
  JOURNAL_BACKLOG,
  JOURNAL_CLEARED,
  JOURNAL_ENTRY,
  JOURNAL_LIST,
  type JournalEntry,
  type JournalFilter,
  type JournalList,
  OAUTH_CLIENT_LIST,
  REGISTERED_OAUTH_CLIENT,
  RESET_ANSWER,
  SANDBOX_HEALTH,
  type SandboxHealth,
  type SettledStatus,
  TRIGGERED_TRANSACTION,
  type TriggeredTransaction,
} from "./wire.ts";

export type { DeliveredOrder, ExportDocument, SandboxHealth, TriggeredTransaction };

/** A new wallet transaction, as the transaction trigger takes it. */
export interface TransactionTrigger {
  /** A demo user's id or email. */
  user: string;
  /** Positive, in the wallet's major units, at most 2 decimals. */
  amount: number;
  direction: Direction;
  /** Completed unless given. */
  status?: TransactionStatus;
  /** deposit (income) or transfer (spending) unless given; it must belong to the direction. */
  type?: TransactionType;
  description?: string;
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
  /** The latest of them (EXPECT_SHOWN at most), oldest first: their statuses tell a success from an injected failure. */
  matchedEntries: JournalEntry[];
  /** The latest requests of the service the filter names (of every server when it names none), oldest first, to show what happened instead. */
  seen: JournalEntry[];
  /** How many requests that service answered in all (`seen` holds the latest EXPECT_SHOWN). */
  seenTotal: number;
}

/** How many of the requests that were seen `expect` shows. */
export const EXPECT_SHOWN = 20;

/** The journal's live stream, under CONTROLS_PREFIX. */
const STREAM = { method: "GET", path: "journal/stream" } as const;

/** A dropped follower reconnects after this pause, so that a sandbox that keeps dropping it is not hammered. */
const RECONNECT_PAUSE_MS = 200;

/**
 * A typed client of the /__sandbox/ routes of a running sandbox: what the CLI commands, the
 * programmatic API and test scripts use. Any of the servers answers every control.
 */
export class ControlsClient {
  constructor(
    readonly baseUrl: string,
    /** The control token, which the controls demand when the sandbox listens off loopback. */
    private readonly token?: string,
  ) {}

  health(): Promise<SandboxHealth> {
    return this.request("GET", "health", SANDBOX_HEALTH);
  }

  /** The wallet's OAuth clients (its own control: call it on the wallet's URL). */
  async oauthClients(): Promise<ClientListing[]> {
    return (await this.request("GET", "oauth/clients", OAUTH_CLIENT_LIST)).clients;
  }

  /** Registers an OAuth client on the wallet; its secret is in this answer only. */
  addOauthClient(registration: { name: string; redirectUris: string[] }): Promise<ClientListing & { secret: string }> {
    return this.request("POST", "oauth/clients", REGISTERED_OAUTH_CLIENT, registration);
  }

  /** The sandbox clock's now and its offset from the system time. */
  clock(): Promise<ClockState> {
    return this.request("GET", "clock", CLOCK_STATE);
  }

  /** Moves the clock forward by a duration ("90s", "25h", "8d") or a number of milliseconds. */
  advanceClock(by: string | number): Promise<ClockState> {
    return this.request("POST", "clock", CLOCK_STATE, { advance: typeof by === "number" ? `${by}ms` : by });
  }

  /** Moves the clock to a time, past or future (ISO 8601, UTC unless it carries an offset), from where it runs on. */
  setClock(time: string | Date): Promise<ClockState> {
    return this.request("POST", "clock", CLOCK_STATE, { set: time instanceof Date ? time.toISOString() : time });
  }

  /** Puts the clock back on the system time. */
  resetClock(): Promise<ClockState> {
    return this.request("POST", "clock", CLOCK_STATE, { reset: true });
  }

  /** The faults in place, in the order they are tried. */
  async faults(): Promise<Fault[]> {
    return (await this.request("GET", "faults", FAULT_LIST)).faults;
  }

  addFault(spec: FaultSpec): Promise<Fault> {
    return this.request("POST", "faults", FAULT, spec);
  }

  /** Removes one fault, or every one without an id; answers what was removed. */
  async clearFaults(id?: string): Promise<Fault[]> {
    const path = id === undefined ? "faults" : `faults/${encodeURIComponent(id)}`;
    return (await this.request("DELETE", path, CLEARED_FAULTS)).cleared;
  }

  /** Every server back to the seed, or only those named; answers the servers reset. */
  reset(options: { only?: readonly ServiceName[] } = {}): Promise<{ reset: ServiceName[] }> {
    return this.request("POST", options.only ? `reset?only=${options.only.join(",")}` : "reset", RESET_ANSWER);
  }

  /** The data of every service that keeps some, as one document that importData takes back. */
  exportData(): Promise<ExportDocument> {
    return this.request("GET", "export", EXPORT_DOCUMENT);
  }

  /** Replaces the data of the services the document has; a bad document is refused (400 naming the field) and changes nothing. */
  importData(document: unknown): Promise<{ imported: ServiceName[] }> {
    return this.request("POST", "import", IMPORT_ANSWER, document);
  }

  /** The storefront order (its ORD-… reference or its id) takes the status Delivered. */
  triggerOrderDelivered(orderId: string): Promise<DeliveredOrder> {
    return this.request("POST", "trigger/order-delivered", DELIVERED_ORDER, { orderId });
  }

  /** A new wallet transaction, dated by the sandbox clock. */
  triggerTransaction(transaction: TransactionTrigger): Promise<TriggeredTransaction> {
    return this.request("POST", "trigger/transaction", TRIGGERED_TRANSACTION, transaction);
  }

  /** A transaction as a document writes it (a scenario's trigger step), sent as it is: the controls check its fields, and refuse a wrong one with 400. */
  triggerTransactionAsWritten(transaction: Readonly<Record<string, unknown>>): Promise<TriggeredTransaction> {
    return this.request("POST", "trigger/transaction", TRIGGERED_TRANSACTION, transaction);
  }

  /** A Pending transaction settles as Completed or Failed. */
  triggerTransactionStatus(transactionId: string, status: SettledStatus): Promise<TriggeredTransaction> {
    return this.request("POST", "trigger/transaction-status", TRIGGERED_TRANSACTION, { transactionId, status });
  }

  /** The request journal, oldest first: the matching entries (the newest `limit` of them, those after the entry `after`). */
  journal(filter: JournalFilter = {}, options: { limit?: number; after?: number } = {}): Promise<JournalList> {
    return this.request("GET", `journal?${filterQuery(filter, options)}`, JOURNAL_LIST);
  }

  /** The matching entries as a HAR 1.2 log, oldest first (secrets masked as in the journal). */
  journalHar(filter: JournalFilter = {}, options: { limit?: number } = {}): Promise<HarDocument> {
    return this.request("GET", `journal?${filterQuery(filter, options)}&format=har`, HAR_DOCUMENT);
  }

  /** Empties the request journal; answers how many entries it held. */
  clearJournal(): Promise<{ cleared: number }> {
    return this.request("DELETE", "journal", JOURNAL_CLEARED);
  }

  /** Counts the requests in the journal that match `filter`: it holds with exactly `count` of them, or, without a count, with at least one. */
  async expect(filter: JournalFilter, count?: number): Promise<ExpectResult> {
    const matched = await this.journal(filter, { limit: EXPECT_SHOWN });
    const seen = await this.journal({ service: filter.service, health: filter.health }, { limit: EXPECT_SHOWN });
    const ok = count === undefined ? matched.total > 0 : matched.total === count;
    return {
      ok,
      filter,
      expected: count,
      matched: matched.total,
      matchedEntries: matched.entries,
      seen: seen.entries,
      seenTotal: seen.total,
    };
  }

  /**
   * Follows the request journal live, giving `onEntry` each matching entry after the entry
   * `after` (0: all of them). A stream the sandbox dropped (a follower that fell behind) is
   * opened again from the last entry seen; when what was missed is too much to send at once,
   * `onSkipped` says how many of the oldest are left out. Resolves when `signal` aborts or the sandbox stops.
   */
  async followJournal(
    filter: JournalFilter,
    options: {
      after: number;
      onEntry: (entry: JournalEntry) => void;
      onSkipped?: (count: number) => void;
      signal?: AbortSignal;
    },
  ): Promise<void> {
    let last = options.after;
    for (;;) {
      let response: Response;
      try {
        response = await this.#fetch(
          STREAM.method,
          `${STREAM.path}?${filterQuery(filter, { after: last })}`,
          { accept: "text/event-stream" },
          undefined,
          options.signal,
        );
      } catch (error) {
        if (options.signal?.aborted || (error instanceof SandboxError && error.code === "sandbox_unreachable")) return;
        throw error;
      }
      // An error answer (controls refused, say) throws as any control's does.
      if (!response.ok) throw controlRefusal(response, await response.text(), { base: this.baseUrl, ...STREAM });
      try {
        for await (const message of readEvents(response.body!)) {
          const answered = { base: this.baseUrl, ...STREAM, event: message.event };
          const { entries, skipped } =
            message.event === "journal"
              ? readControlAnswer(message.data, JOURNAL_BACKLOG, answered)
              : { entries: [readControlAnswer(message.data, JOURNAL_ENTRY, answered)], skipped: 0 };
          if (skipped > 0) options.onSkipped?.(skipped);
          for (const entry of entries) {
            last = Math.max(last, entry.id);
            options.onEntry(entry);
          }
        }
      } catch (error) {
        // An abort, or a connection cut by a sandbox that stops: whichever, the next round tells.
        if (options.signal?.aborted) return;
        if (!(error instanceof TypeError)) throw error;
      }
      await sleep(RECONNECT_PAUSE_MS, undefined, { signal: options.signal }).catch(() => undefined);
    }
  }

  /**
   * Calls a control, and answers its body once it matched `schema`, the schema the control answers
   * with. An error answer becomes a SandboxError with the server's code and message; a body off the
   * schema, one coded answer_off_contract that names the control and where the body departs.
   */
  async request<const S extends JsonSchema>(
    method: string,
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<FromSchema<S>> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await this.#fetch(method, path, headers, body === undefined ? undefined : JSON.stringify(body));
    const text = await response.text();
    const answered = { base: this.baseUrl, method, path };
    if (!response.ok) throw controlRefusal(response, text, answered);
    return readControlAnswer(text, schema, answered);
  }

  async #fetch(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
    signal?: AbortSignal,
  ): Promise<Response> {
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    try {
      return await fetch(`${this.baseUrl}${CONTROLS_PREFIX}${path}`, { method, headers, body, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new SandboxError(
        "sandbox_unreachable",
        `The sandbox at ${this.baseUrl} did not answer (${connectionProblem(error)}). Is it still running?`,
        { expected: true, cause: error },
      );
    }
  }
}
