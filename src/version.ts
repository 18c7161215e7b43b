import { readFileSync } from "node:fs";
import { packageFile } from "./package-files.ts";

/** The package's version, as `sandbox --version`, the MCP server's handshake and each server's index report it. */
export function packageVersion(): string {
  return manifest().version;
}

/** The package's license, an SPDX identifier (MIT), as the OpenAPI documents name it. */
export function packageLicense(): string {
  return manifest().license;
}

function manifest(): { version: string; license: string } {
  return JSON.parse(readFileSync(packageFile("package.json"), "utf8")) as { version: string; license: string };
}
