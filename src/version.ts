import { readFileSync } from "node:fs";

/** The package's version, as `sandbox --version` and the MCP server's handshake report it. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
}
