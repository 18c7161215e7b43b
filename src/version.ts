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

/** The package's name on npm, as a project's package.json lists it and its own bin is called. */
export function packageName(): string {
  return manifest().name;
}

function manifest(): { name: string; version: string; license: string } {
  return JSON.parse(readFileSync(packageFile("package.json"), "utf8")) as {
    name: string;
    version: string;
    license: string;
  };
}
