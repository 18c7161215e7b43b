import type { FaultRule, RequestLine } from "../../contracts/controls/fault.ts";
import type { Fault } from "../../contracts/controls/fault-schemas.ts";

/** An event stream a client holds open, as faults see it. */
interface OpenStream {
  request: RequestLine;
  /** Ends the connection abruptly, as a network failure would. */
  cut(): void;
}

interface ArmedFault {
  fault: Fault;
  rule: FaultRule;
}

/**
 * The faults of one sandbox, for all its servers, in the order they were added, and the event
 * streams open on them. A request is matched against the faults in that order: the first one
 * that matches and wins its roll (its rate) fires, and counts one of its times.
 */
export class FaultRegistry {
  readonly #faults: ArmedFault[] = [];
  readonly #streams = new Set<OpenStream>();
  #lastId = 0;

  /** Adds a fault; one that drops streams cuts the matching open ones at once. */
  add(rule: FaultRule): Fault {
    const armed = { fault: { id: `f${++this.#lastId}`, ...rule.fields, fired: 0 }, rule };
    this.#faults.push(armed);
    if (rule.fields.dropStream) {
      for (const stream of [...this.#streams]) {
        if (!this.#faults.includes(armed)) break;
        if (this.#fires(armed, stream.request)) stream.cut();
      }
    }
    return { ...armed.fault };
  }

  list(): Fault[] {
    return this.#faults.map(({ fault }) => ({ ...fault }));
  }

  /** Removes one fault (by id) or, without an id, all; answers what was removed. */
  clear(id?: string): Fault[] {
    const removed = this.#faults.filter(({ fault }) => id === undefined || fault.id === id);
    for (const armed of removed) this.#remove(armed);
    return removed.map(({ fault }) => ({ ...fault }));
  }

  /**
   * The fault that fires on this request, if one does: among those that answer or delay
   * (`kind` "request", tried before the route), or those that drop streams ("stream", tried on
   * an event-stream answer).
   */
  take(request: RequestLine, kind: "request" | "stream"): { fault: Fault; rule: FaultRule } | undefined {
    const candidates = this.#faults.filter(({ rule }) => rule.fields.dropStream === (kind === "stream"));
    const fired = candidates.find((armed) => this.#fires(armed, request));
    return fired && { fault: { ...fired.fault }, rule: fired.rule };
  }

  /** Keeps an open event stream within reach of the faults added later; returns the way to let it go. */
  track(stream: OpenStream): () => void {
    this.#streams.add(stream);
    return () => void this.#streams.delete(stream);
  }

  #fires(armed: ArmedFault, request: RequestLine): boolean {
    if (!armed.rule.matches(request) || Math.random() >= armed.fault.rate) return false;
    armed.fault.fired += 1;
    if (armed.fault.times !== undefined && --armed.fault.times === 0) this.#remove(armed);
    return true;
  }

  #remove(armed: ArmedFault): void {
    const index = this.#faults.indexOf(armed);
    if (index >= 0) this.#faults.splice(index, 1);
  }
}
