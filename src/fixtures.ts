import { readFile } from "node:fs/promises";

const FIXTURES = new URL("../fixtures/", import.meta.url);

/** Reads a JSON file from fixtures/, the seed data shipped with the sandbox. */
export async function readFixture<T>(name: string): Promise<T> {
  return JSON.parse(await readFile(new URL(name, FIXTURES), "utf8")) as T;
}
