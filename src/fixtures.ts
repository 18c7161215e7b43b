import { readFile } from "node:fs/promises";
import { packageFile } from "./package-files.ts";

const FIXTURES = packageFile("fixtures/");

/** The seed data's failure, outside any request: a fixture names what is not there. Whoever edited fixtures/ can fix it; the start it stops exits 1. */
export const FIXTURE_ERRORS = {
  fixture_invalid: 1,
} as const;

/** Reads a JSON file from fixtures/, the seed data shipped with the sandbox. */
export async function readFixture<T>(name: string): Promise<T> {
  return JSON.parse(await readFile(new URL(name, FIXTURES), "utf8")) as T;
}
