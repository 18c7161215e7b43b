import type { Adapter } from "lowdb";
import { dataFileError } from "./errors.ts";
import { describeProblem, type ShapeProblem } from "./shape.ts";

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

function latestVersion(migrations: readonly Migration[]): number {
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

/** What a new file holds before its seed: version 0 through every migration. */
export function emptyData(migrations: readonly Migration[]): Record<string, unknown> {
  return applyMigrations({ version: 0 }, migrations);
}

function applyMigrations(data: Record<string, unknown>, steps: readonly Migration[]): Record<string, unknown> {
  return steps.reduce((current, migration) => ({ ...migration.up(current), version: migration.version }), data);
}

/**
 * Wraps an adapter so that what it reads is always at the latest schema version. A new file
 * reads as version 0 and goes through every migration, as the real services do on first
 * start (`created`); `migrated` tells the store that an older file's data has to be written back.
 */
export class MigratingAdapter<T extends Versioned> implements Adapter<T> {
  migrated = false;
  created = false;

  constructor(
    private readonly inner: Adapter<T> & { path: string },
    private readonly migrations: readonly Migration[],
  ) {
    migrations.forEach((migration, index) => {
      // A bug of the code, whatever the data: a plain Error, with its stack.
      if (migration.version !== index + 1) throw new Error(`Migration ${migration.description} is out of order`);
    });
  }

  async read(): Promise<T> {
    const stored = await this.inner.read();
    this.created = stored === null;
    if (this.created) return emptyData(this.migrations) as unknown as T;
    const result = migrate(stored as unknown as Record<string, unknown>, this.migrations);
    if ("problem" in result) throw dataFileError(this.inner.path, describeProblem(result.problem));
    this.migrated = result.migrated;
    return result.data as unknown as T;
  }

  write(data: T): Promise<void> {
    return this.inner.write(data);
  }
}
