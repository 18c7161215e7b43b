import type { Adapter } from "lowdb";
import type { DurableJsonFile } from "./durable-json-file.ts";
import { dataFileError } from "./errors.ts";
import { type Checked, describeProblem, type ShapeProblem } from "./shape.ts";

/** Every stored document carries the schema version it was written with. */
export interface Versioned {
  version: number;
}

/** One schema step: turns data at `version - 1` into data at `version`. */
export interface Migration {
  version: number;
  description: string;
  up(data: Record<string, unknown>): Record<string, unknown>;
}

export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.at(-1)?.version ?? 0;
}

/**
 * Brings data written at any earlier schema version to the latest one, running the migrations it
 * has not seen in order, as the real services do on start. A version that is missing, not a whole
 * number, older than the first migration's (data is never written before it: version 0 is a new
 * file, which the first migration would empty) or newer than the last one's is a problem instead.
 */
export function migrate(
  data: Record<string, unknown>,
  migrations: readonly Migration[],
): { data: Record<string, unknown>; migrated: boolean } | { problem: ShapeProblem } {
  const from = data.version;
  const oldest = migrations[0]?.version ?? 0;
  const latest = latestVersion(migrations);
  if (typeof from !== "number" || !Number.isInteger(from)) {
    return {
      problem: { path: "/version", message: "must be a whole number: the schema version the data was written with" },
    };
  }
  if (from < oldest)
    return {
      problem: {
        path: "/version",
        message: `is ${from}, older than any this sandbox knows (${oldest === latest ? latest : `${oldest} to ${latest}`}): the migrations would replace its collections with empty ones`,
      },
    };
  if (from > latest)
    return {
      problem: {
        path: "/version",
        message: `is ${from}, newer than this sandbox knows (${latest}): update the sandbox`,
      },
    };
  return { data: applyMigrations(data, migrations.slice(from)), migrated: from !== latest };
}

function applyMigrations(data: Record<string, unknown>, steps: readonly Migration[]): Record<string, unknown> {
  return steps.reduce((current, migration) => ({ ...migration.up(current), version: migration.version }), data);
}

/**
 * Wraps the data file so that what it reads is data of the latest schema version, of the shape
 * `check` takes. A new file reads as the seed, written at the latest version (`created`); an
 * older file's data goes through the migrations it has not seen, as the real services do on
 * start (`migrated`: it has to be written back), and then through the check, since it may have
 * been edited by hand. The seed is ours (its shape is tested), and not compiling the check saves
 * a fresh start (a test suite's every sandbox) ~40 ms.
 */
export class MigratingAdapter<T extends Versioned> implements Adapter<T> {
  migrated = false;
  created = false;

  constructor(
    private readonly inner: DurableJsonFile,
    private readonly schema: {
      readonly migrations: readonly Migration[];
      readonly seed: (version: number) => T;
      readonly checkShape: (data: unknown) => Checked<T>;
    },
  ) {
    schema.migrations.forEach((migration, index) => {
      // A bug of the code, whatever the data: a plain Error, with its stack.
      if (migration.version !== index + 1) throw new Error(`Migration ${migration.description} is out of order`);
    });
  }

  async read(): Promise<T> {
    const stored = await this.inner.read();
    this.created = stored === null;
    if (stored === null) return this.schema.seed(latestVersion(this.schema.migrations));
    const result = migrate(stored, this.schema.migrations);
    if ("problem" in result) throw dataFileError(this.inner.path, describeProblem(result.problem));
    const checked = this.schema.checkShape(result.data);
    if ("problem" in checked) throw dataFileError(this.inner.path, describeProblem(checked.problem));
    this.migrated = result.migrated;
    return checked.data;
  }

  write(data: T): Promise<void> {
    return this.inner.write(data);
  }
}
