import type { RecordedExchange } from "../../client/recording-fetch.ts";

/** One HTTP exchange the UI made, as the Traffic screen lists it (secrets already masked). */
export type TrafficEntry = RecordedExchange & { id: number };

/** The newest exchanges kept (the screen shows a page of them; older ones are of no use by hand). */
const KEPT = 200;

/** The UI's own HTTP exchanges, newest first, with listeners for the screens that show them. */
export class TrafficLog {
  #entries: TrafficEntry[] = [];
  #listeners = new Set<() => void>();
  #nextId = 1;

  get entries(): readonly TrafficEntry[] {
    return this.#entries;
  }

  add(entry: Omit<TrafficEntry, "id">): TrafficEntry {
    const added = { ...entry, id: this.#nextId++ };
    // A new array each time: React sees the change, and a screen holding the old list keeps it intact.
    this.#entries = [added, ...this.#entries].slice(0, KEPT);
    for (const listener of this.#listeners) listener();
    return added;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
