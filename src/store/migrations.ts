import type { Adapter } from "lowdb";
import { dataFileError } from "./errors.ts";

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
 * Wraps an adapter so that what it reads is always at the latest schema version. A new file
 * reads as version 0 and goes through every migration, as the real services do on first
 * start; `migrated` tells the store that the result has to be written back.
 */
export class MigratingAdapter<T extends Versioned> implements Adapter<T> {
  migrated = false;
  created = false;

  constructor(
    private readonly inner: Adapter<T> & { path: string },
    private readonly migrations: readonly Migration[],
  ) {
    migrations.forEach((migration, index) => {
      if (migration.version !== index + 1) throw new Error(`Migration ${migration.description} is out of order`);
    });
  }

  async read(): Promise<T> {
    const stored = await this.inner.read();
    this.created = stored === null;
    const data = (stored ?? { version: 0 }) as unknown as Record<string, unknown>;
    const from = data.version;
    const latest = latestVersion(this.migrations);
    if (typeof from !== "number" || !Number.isInteger(from) || from < 0) {
      throw dataFileError(this.inner.path, "its schema \"version\" is missing or not a whole number");
    }
    if (from > latest) {
      throw dataFileError(this.inner.path, `it has schema version ${from}, newer than this sandbox knows (${latest}); update the sandbox`);
    }
    let current = data;
    for (const migration of this.migrations.slice(from)) {
      current = { ...migration.up(current), version: migration.version };
    }
    this.migrated = from !== latest;
    return current as unknown as T;
  }

  write(data: T): Promise<void> {
    return this.inner.write(data);
  }
}
