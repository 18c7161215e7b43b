import { readFileSync } from "node:fs";

/** The package's version, as `sandbox --version`, the MCP server's handshake and each server's index report it. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
}
