import { signIdentity } from "../../src/identity/index.ts";
import { type StartedSandbox, type StartSandboxOptions, startSandbox } from "../../src/index.ts";
import { closeWhenDone } from "./deadline.ts";
import { checkAnswers } from "./openapi.ts";

/** The programmatic sandbox with all three servers (and the settings given), closed when the test ends. */
export async function startEmbedSandbox(
  t: { after(fn: () => unknown): void },
  settings: StartSandboxOptions<undefined>["settings"] = {},
): Promise<StartedSandbox & { host: string }> {
  const sandbox = await startSandbox({ logError: () => {}, settings });
  closeWhenDone(t, "sandbox.close()", () => sandbox.close());
  await checkAnswers(t, sandbox.urls);
  return { ...sandbox, host: sandbox.urls.host! };
}

/** A fresh identity token of the sandbox for the user, or signed as told (another secret, a time in the past). */
export async function identityFor(
  sandbox: StartedSandbox,
  userId: string,
  options: { secret?: string; now?: Date; ttlSeconds?: number } = {},
): Promise<string> {
  return (
    await signIdentity({
      secret: options.secret ?? sandbox.secrets.signingSecret,
      subject: userId,
      now: options.now,
      ttlSeconds: options.ttlSeconds,
    })
  ).token;
}

/** GET /embed with these query parameters (left out when undefined). */
export function openEmbed(host: string, params: Record<string, string | undefined>): Promise<Response> {
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return fetch(`${host}/embed?${query}`, { headers: { accept: "text/html" } });
}

/** POSTs JSON (or the raw text given) to one of the embed's API routes. */
export function postEmbed(
  host: string,
  route: "ask" | "sessions" | "identity",
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${host}/embed/api/${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The body element's data attributes of an embed page. */
export function bodyData(html: string): Record<string, string> {
  const tag = /<body\b[^>]*>/.exec(html)?.[0] ?? "";
  return Object.fromEntries(
    [...tag.matchAll(/data-([\w-]+)="([^"]*)"/g)].map((match) => [match[1] as string, match[2] as string]),
  );
}

/** The identity token the page gives its script. */
export function pageIdentity(html: string): string | undefined {
  return /<meta name="embed-identity" content="([^"]*)"/.exec(html)?.[1];
}
