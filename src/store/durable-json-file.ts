import type { Adapter } from "lowdb";
import { messageOf } from "../errors.ts";
import { isJsonObject } from "../json-text.ts";
import { dataFileError } from "./errors.ts";
import { type FileIO, nodeFileIO, type Sync } from "./file-io.ts";

/**
 * A lowdb adapter for one JSON file that never loses data: writes are atomic and fsynced
 * (lowdb's own JSONFile neither syncs nor reports a merged write), and a file that is empty
 * or not JSON is an error naming the file instead of a silent fresh start. It reads any JSON
 * object: what the object holds is for the migrations and the shape check to say.
 */
export class DurableJsonFile implements Adapter<Record<string, unknown>> {
  constructor(
    readonly path: string,
    private readonly io: FileIO = nodeFileIO,
  ) {}

  async read(): Promise<Record<string, unknown> | null> {
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
    if (!isJsonObject(data)) throw dataFileError(this.path, "it does not hold a JSON object");
    return data;
  }

  /** What lowdb calls for each change: durable, name and all, before it resolves. */
  async write(data: object): Promise<void> {
    await this.writeWith(data, "all");
  }

  async writeWith(data: object, sync: Sync): Promise<void> {
    await this.io.writeAtomic(this.path, `${JSON.stringify(data, null, 2)}\n`, sync);
  }
}
