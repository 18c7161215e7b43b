import { readFileSync } from "node:fs";

/** The sandbox's version, from its package.json. */
export const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
