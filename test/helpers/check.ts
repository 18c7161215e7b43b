/** What the tests of `sandbox check` share: the flags that point it at a running sandbox, and its result lines read back. */
import type { ServiceName } from "../../src/service-names.ts";
import { SERVICE_TOKEN } from "./agent.ts";
import { CLIENT } from "./oauth.ts";
import { ADA, TUNDE } from "./sandbox.ts";

/** Every credential of a sandbox: the demo users, its service token and the fixtures' OAuth client. */
export const CREDENTIALS = [
  "--user",
  ADA.email,
  "--password",
  ADA.password,
  "--second-user",
  TUNDE.email,
  "--second-password",
  TUNDE.password,
  "--service-token",
  SERVICE_TOKEN,
  "--client-id",
  CLIENT.id,
  "--client-secret",
  CLIENT.secret,
  "--redirect-uri",
  CLIENT.redirectUri,
];

/** `check` with these servers' URLs. */
export function checkArgs(urls: Partial<Record<ServiceName, string>>, ...more: string[]): string[] {
  return ["check", ...Object.entries(urls).flatMap(([service, url]) => [`--${service}`, url as string]), ...more];
}

export interface ResultLine {
  status: "ok" | "FAIL" | "skip";
  name: string;
  reason: string;
}

/** The check lines of the text output. */
export function resultLines(stdout: string): ResultLine[] {
  return [...stdout.matchAll(/^ {2}(ok|FAIL|skip) +(.+?) — (.*)$/gm)].map((match) => ({
    status: match[1] as ResultLine["status"],
    name: match[2]!,
    reason: match[3]!,
  }));
}

/** The line of the check with that name; throws, listing the names, when there is none. */
export function resultOf(lines: readonly ResultLine[], name: string): ResultLine {
  const found = lines.find((line) => line.name === name);
  if (!found) throw new Error(`no check "${name}" among: ${lines.map((line) => line.name).join(" | ")}`);
  return found;
}

/** The area headings of the text output, in order. */
export function areaHeadings(stdout: string): string[] {
  return [...stdout.matchAll(/^(storefront|sse|bff|wallet|oauth|actions)$/gm)].map((match) => match[1]!);
}
