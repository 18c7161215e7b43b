import { dirname } from "node:path";
import { current, type Draft, freeze, isDraft, produce } from "immer";
import { Low } from "lowdb";
import { isJsonObject } from "../json-text.ts";
import { unusableDataDir } from "./data-dir.ts";
import { DurableJsonFile } from "./durable-json-file.ts";
import { writeRefused } from "./errors.ts";
import { type FileIO, nodeFileIO } from "./file-io.ts";
import { latestVersion, MigratingAdapter, type Migration, migrate, type Versioned } from "./migrations.ts";
import type { Checked } from "./shape.ts";

export interface StoreOptions<T extends Versioned> {
  /** The JSON file. */
  file: string;
  /** Ordered schema steps, which bring the data of an older file to the latest version. */
  migrations: readonly Migration[];
  /** What a new file holds (the seed from fixtures/), at the latest version: every collection, typed, so none is forgotten. */
  seed: (version: number) => T;
  /**
   * Takes data read from the file or by accept as this store's, or names what is wrong with it:
   * its shape, and the rules the routes that make its records keep (src/store/rules.ts).
   */
  checkShape: (data: unknown) => Checked<T>;
  io?: FileIO;
}

/**
 * A change to the data: it edits a draft (an immer draft: copy-on-write, so only what it touches
 * is copied) and may throw to leave the data untouched. It returns plain data or a draft (not
 * an object holding drafts), handed to the caller as it was at that point, even when later
 * changes of the same group alter it.
 */
export type Change<T, R> = (draft: Draft<T>) => R;

/** Told of every change once it is on disk, with the data before and after it (unchanged parts keep their identity). */
export type CommitListener<T> = (next: Readonly<T>, previous: Readonly<T>) => void;

export interface Store<T> {
  /** The committed data, from memory (deeply frozen): reads never touch the disk. */
  readonly data: Readonly<T>;
  /** Applies a change and resolves once it is on disk. Changes run one at a time, in order. */
  update<R>(change: Change<T, R>): Promise<R>;
  /** Resolves when every change asked for so far is on disk (or has failed). */
  flush(): Promise<void>;
  /** Calls the listener for each committed change, whichever path wrote it; returns the unsubscribe. */
  onCommit(listener: CommitListener<T>): () => void;
  /**
   * Takes data as this store's file could hold it (an export, say): brought to the latest schema
   * version and checked as at start. Answers the data, or its first problem; changes nothing.
   */
  accept(document: unknown): Checked<T>;
  /** Replaces all the data, as one more change in the queue: on disk before it resolves, and the listeners told. */
  replace(data: T): Promise<void>;
  /** Replaces all the data with the seed, made anew as for a new file (so what it dates is dated from now). */
  reset(): Promise<void>;
}

/** A change in the queue: the state after it, from the state before, and what then answers its caller. */
interface Pending<T> {
  step(state: T): { state: T; settle: () => void };
  reject(error: unknown): void;
}

/**
 * Opens a store on one JSON file, read and written through lowdb's `Low` with our adapters
 * (a migrating wrapper around an atomic, fsynced JSON file). Every write goes through one queue:
 * the changes that arrive while a write is on its way are applied in order and committed
 * together (one fsync for the group), and each caller is answered only once its change is
 * durable. `Low.data` is the version being written; readers see `committed`, which moves only
 * after the write succeeded, so a refused write leaves what readers see and the disk as they were.
 */
export async function openStore<T extends Versioned>(options: StoreOptions<T>): Promise<Store<T>> {
  const file = new DurableJsonFile(options.file, options.io ?? nodeFileIO);
  const adapter = new MigratingAdapter<T>(file, options);
  const db = new Low<T>(adapter, await adapter.read());
  // A seed or a migration is made again by the next start if a power loss undoes its rename: its content is synced, not its name.
  if (adapter.created || adapter.migrated)
    await file
      .writeWith(db.data, "content")
      .catch((error: unknown) => Promise.reject(unusableDataDir(dirname(options.file), error)));
  let committed: T = freeze(db.data, true);

  const listeners = new Set<CommitListener<T>>();
  let queue: Pending<T>[] = [];
  let writing: Promise<void> | null = null;

  async function commit(batch: Pending<T>[]): Promise<void> {
    let next = committed;
    const results: { pending: Pending<T>; settle: () => void; state: T }[] = [];
    for (const pending of batch) {
      try {
        const { state, settle } = pending.step(next);
        next = state;
        results.push({ pending, settle, state });
      } catch (error) {
        pending.reject(error);
      }
    }
    if (results.length === 0) return;
    db.data = next;
    try {
      await db.write();
    } catch (error) {
      db.data = committed;
      const failure = writeRefused(options.file, error);
      for (const { pending } of results) pending.reject(failure);
      return;
    }
    // Listeners hear of each change of the group in turn, not only of the group's end state.
    let previous = committed;
    committed = next;
    for (const { state } of results) {
      for (const listener of listeners) listener(state, previous);
      previous = state;
    }
    for (const { settle } of results) settle();
  }

  function drain(): Promise<void> {
    writing ??= (async () => {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        await commit(batch);
      }
      writing = null;
    })();
    return writing;
  }

  function update<R>(change: Change<T, R>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const step = (state: T) => {
        let settle = () => {};
        const next = produce(state, (draft) => {
          const value = change(draft);
          // The answer as it is now: a later change of the same group may alter the draft it came from.
          const answer = isDraftOf(value) ? current<R>(value) : value;
          settle = () => resolve(answer);
        });
        return { state: next, settle };
      };
      queue.push({ step, reject });
      void drain();
    });
  }

  // A replacement is one more change in the queue; its data frozen as immer freezes what a change adds.
  const replace = (data: T) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ step: () => ({ state: freeze({ ...data }, true), settle: resolve }), reject });
      void drain();
    });

  return {
    get data() {
      return committed;
    },
    update,
    async flush() {
      while (writing) await writing;
    },
    onCommit(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    accept(document) {
      if (!isJsonObject(document)) return { problem: { path: "", message: "must be a JSON object" } };
      const migrated = migrate(document, options.migrations);
      return "problem" in migrated ? migrated : options.checkShape(migrated.data);
    },
    replace,
    reset: () => replace(options.seed(latestVersion(options.migrations))),
  };
}

/** Whether what a change returned is a draft (a part of the data it changed), which immer's `current` copies out. */
function isDraftOf<R>(value: R): value is R & Draft<R> {
  return isDraft(value);
}
