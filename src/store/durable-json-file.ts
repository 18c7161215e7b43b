import type { Adapter } from "lowdb";
import { messageOf } from "../errors.ts";
import { dataFileError } from "./errors.ts";
import { type FileIO, nodeFileIO, type Sync } from "./file-io.ts";

/**
 * A lowdb adapter for one JSON file that never loses data: writes are atomic and fsynced
 * (lowdb's own JSONFile neither syncs nor reports a merged write), and a file that is empty
 * or not JSON is an error naming the file instead of a silent fresh start.
 */
export class DurableJsonFile<T> implements Adapter<T> {
  constructor(
    readonly path: string,
    private readonly io: FileIO = nodeFileIO,
  ) {}

  async read(): Promise<T | null> {
    let text: string | null;
    try {
      text = await this.io.readText(this.path);
    } catch (error) {
      throw dataFileError(this.path, `it could not be read (${messageOf(error)})`);
    }
    if (text === null) return null;
    if (text.trim() === "") throw dataFileError(this.path, "the file is empty");
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw dataFileError(this.path, `it is not valid JSON (${messageOf(error)})`);
    }
    if (data === null || typeof data !== "object" || Array.isArray(data)) {
      throw dataFileError(this.path, "it does not hold a JSON object");
    }
    return data as T;
  }

  /** What lowdb calls for each change: durable, name and all, before it resolves. */
  async write(data: T): Promise<void> {
    await this.writeWith(data, "all");
  }

  async writeWith(data: T, sync: Sync): Promise<void> {
    await this.io.writeAtomic(this.path, `${JSON.stringify(data, null, 2)}\n`, sync);
  }
}
