import { setTimeout as sleep } from "node:timers/promises";
import type { FaultSpec } from "../contracts/controls/fault.ts";
import type { Fault } from "../contracts/controls/fault-schemas.ts";
import { CONTROLS, type ControlContract, TRIGGER_ANSWERS, type TriggerName } from "../contracts/controls/routes.ts";
import {
  type ClockState,
  type ExportDocument,
  HAR_DOCUMENT,
  type HarDocument,
  JOURNAL_LIST,
  type JournalList,
  type SandboxHealth,
} from "../contracts/controls/schemas.ts";
import type { JournalEntry, JournalFilter } from "../contracts/journal/entry.ts";
import { filterQuery } from "../contracts/journal/entry.ts";
import type { DeliveredOrder } from "../contracts/storefront/schemas.ts";
import type {
  ClientListing,
  Direction,
  SettledStatus,
  TransactionStatus,
  TransactionType,
  TriggeredTransaction,
} from "../contracts/wallet/schemas.ts";
import { SandboxError } from "../errors.ts";
import type { FromSchema, JsonSchema } from "../json-schema.ts";
import type { ServiceName } from "../service-names.ts";
import {
  type ControlInput,
  type ControlTarget,
  callControl,
  controlRefusal,
  readControlAnswer,
  sendControl,
} from "./control-call.ts";
import { readEvents } from "./sse-read.ts";

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

/** A dropped follower reconnects after this pause, so that a sandbox that keeps dropping it is not hammered. */
const RECONNECT_PAUSE_MS = 200;

/**
 * A typed client of the /__sandbox/ routes of a running sandbox: what the CLI commands, the
 * programmatic API and test scripts use. Any of the servers answers every control.
 */
export class ControlsClient {
  readonly #target: ControlTarget;

  constructor(
    readonly baseUrl: string,
    /** The control token, which the controls demand when the sandbox listens off loopback. */
    token?: string,
  ) {
    this.#target = { baseUrl, token };
  }

  health(): Promise<SandboxHealth> {
    return this.control(CONTROLS.health);
  }

  /** The wallet's OAuth clients (its own control: call it on the wallet's URL). */
  async oauthClients(): Promise<ClientListing[]> {
    return (await this.control(CONTROLS.oauthClients)).clients;
  }

  /** Registers an OAuth client on the wallet; its secret is in this answer only. */
  addOauthClient(registration: { name: string; redirectUris: string[] }): Promise<ClientListing & { secret: string }> {
    return this.control(CONTROLS.addOauthClient, { body: registration });
  }

  /** The sandbox clock's now and its offset from the system time. */
  clock(): Promise<ClockState> {
    return this.control(CONTROLS.clock);
  }

  /** Moves the clock forward by a duration ("90s", "25h", "8d") or a number of milliseconds. */
  advanceClock(by: string | number): Promise<ClockState> {
    return this.control(CONTROLS.moveClock, { body: { advance: typeof by === "number" ? `${by}ms` : by } });
  }

  /** Moves the clock to a time, past or future (ISO 8601, UTC unless it carries an offset), from where it runs on. */
  setClock(time: string | Date): Promise<ClockState> {
    return this.control(CONTROLS.moveClock, { body: { set: time instanceof Date ? time.toISOString() : time } });
  }

  /** Puts the clock back on the system time. */
  resetClock(): Promise<ClockState> {
    return this.control(CONTROLS.moveClock, { body: { reset: true } });
  }

  /** The faults in place, in the order they are tried. */
  async faults(): Promise<Fault[]> {
    return (await this.control(CONTROLS.faults)).faults;
  }

  addFault(spec: FaultSpec): Promise<Fault> {
    return this.control(CONTROLS.addFault, { body: spec });
  }

  /** Removes one fault, or every one without an id; answers what was removed. */
  async clearFaults(id?: string): Promise<Fault[]> {
    const cleared =
      id === undefined ? this.control(CONTROLS.clearFaults) : this.control(CONTROLS.clearFault, { params: { id } });
    return (await cleared).cleared;
  }

  /** Every server back to the seed, or only those named; answers the servers reset. */
  reset(options: { only?: readonly ServiceName[] } = {}): Promise<{ reset: ServiceName[] }> {
    return this.control(CONTROLS.reset, { query: options.only ? `only=${options.only.join(",")}` : undefined });
  }

  /** The data of every service that keeps some, as one document that importData takes back. */
  exportData(): Promise<ExportDocument> {
    return this.control(CONTROLS.export);
  }

  /** Replaces the data of the services the document has; a bad document is refused (400 naming the field) and changes nothing. */
  importData(document: unknown): Promise<{ imported: ServiceName[] }> {
    return this.control(CONTROLS.import, { body: document });
  }

  /** The storefront order (its ORD-… reference or its id) takes the status Delivered. */
  triggerOrderDelivered(orderId: string): Promise<DeliveredOrder> {
    return this.trigger("order-delivered", { orderId });
  }

  /** A new wallet transaction, dated by the sandbox clock. */
  triggerTransaction(transaction: TransactionTrigger): Promise<TriggeredTransaction> {
    return this.trigger("transaction", transaction);
  }

  /** A Pending transaction settles as Completed or Failed. */
  triggerTransactionStatus(transactionId: string, status: SettledStatus): Promise<TriggeredTransaction> {
    return this.trigger("transaction-status", { transactionId, status });
  }

  /** The request journal, oldest first: the matching entries (the newest `limit` of them, those after the entry `after`). */
  journal(filter: JournalFilter = {}, options: { limit?: number; after?: number } = {}): Promise<JournalList> {
    return callControl(this.#target, CONTROLS.journal, { query: filterQuery(filter, options) }, JOURNAL_LIST);
  }

  /** The matching entries as a HAR 1.2 log, oldest first (secrets masked as in the journal). */
  journalHar(filter: JournalFilter = {}, options: { limit?: number } = {}): Promise<HarDocument> {
    const query = filterQuery(filter, options);
    query.set("format", "har");
    return callControl(this.#target, CONTROLS.journal, { query }, HAR_DOCUMENT);
  }

  /** Empties the request journal; answers how many entries it held. */
  clearJournal(): Promise<{ cleared: number }> {
    return this.control(CONTROLS.clearJournal);
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
    const { events } = CONTROLS.followJournal;
    for (;;) {
      const query = filterQuery(filter, { after: last });
      let response: Response;
      try {
        response = await sendControl(
          this.#target,
          CONTROLS.followJournal,
          { query },
          "text/event-stream",
          options.signal,
        );
      } catch (error) {
        if (options.signal?.aborted || (error instanceof SandboxError && error.code === "sandbox_unreachable")) return;
        throw error;
      }
      const answered = { base: this.baseUrl, ...CONTROLS.followJournal };
      // An error answer (controls refused, say) throws as any control's does.
      if (!response.ok) throw controlRefusal(response, await response.text(), answered);
      try {
        for await (const message of readEvents(response.body!)) {
          const said = { ...answered, event: message.event };
          const { entries, skipped } =
            message.event === "journal"
              ? readControlAnswer(message.data, events.journal, said)
              : { entries: [readControlAnswer(message.data, events.entry, said)], skipped: 0 };
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

  /** Runs a trigger by name; the service that has it checks the body, and refuses a wrong one with 400 (a scenario's trigger step sends the body as its document writes it). */
  trigger<N extends TriggerName>(name: N, body: unknown): Promise<FromSchema<(typeof TRIGGER_ANSWERS)[N]>> {
    return callControl(this.#target, CONTROLS.trigger, { params: { name }, body }, TRIGGER_ANSWERS[name]);
  }

  /**
   * Calls a control by its contract (src/contracts/controls/routes.ts), and answers its body once
   * it matched the contract's schema. An error answer becomes a SandboxError with the server's code
   * and message; a body off the schema, one coded answer_off_contract that names the control and
   * where the body departs.
   */
  control<const C extends ControlContract & { readonly answer: JsonSchema }>(
    contract: C,
    input: ControlInput = {},
  ): Promise<FromSchema<C["answer"]>> {
    return callControl<C["answer"]>(this.#target, contract, input, contract.answer);
  }
}
