import assert from "node:assert/strict";
import type { OptionKey } from "../../src/config/options.ts";
import { type Sandbox, startServers } from "../../src/runtime/sandbox.ts";
import type { CliProcess } from "./cli.ts";
import { closeWhenDone } from "./deadline.ts";
import { checkAnswers } from "./openapi.ts";
import { until } from "./poll.ts";
import { ADA, tempDir, testConfig } from "./sandbox.ts";

export const SERVICE_TOKEN = "dev-bff-service-token-not-for-production-use";

/** A sandbox running every server, on free ports, closed when the test ends. */
export async function startFullSandbox(
  t: { after(fn: () => unknown): void },
  flags: Partial<Record<OptionKey, unknown>> = {},
  dataDir?: string,
): Promise<Sandbox> {
  const sandbox = await startServers(
    await testConfig(dataDir ?? (await tempDir(t)), { only: "storefront,wallet,host", ...flags }),
  );
  closeWhenDone(t, "sandbox.close()", () => sandbox.close());
  await checkAnswers(t, sandbox.urls, sandbox.config.walletPrefix);
  return sandbox;
}

/** The endpoint `sandbox mcp --http` says it serves at, once it says so; fails with its output if it ends first. */
export async function mcpEndpoint(server: CliProcess): Promise<string> {
  const said = () => /MCP \(streamable HTTP\) at (\S+):/.exec(server.stderr())?.[1];
  await until(() => said() !== undefined || server.exited, "sandbox mcp --http said where it serves", {
    timeoutMs: 30_000,
  });
  return said() ?? assert.fail(`sandbox mcp --http ended first:\n${server.stderr()}`);
}

export async function loginAt(url: string, user: { email: string; password: string } = ADA): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return ((await response.json()) as { token: string }).token;
}

export function sessionRequest(url: string, method: "POST" | "DELETE", body: unknown): Promise<Response> {
  return fetch(`${url}/api/agent/session`, {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** A request as the agent: the service token and the end user's id. */
export function asAgent(
  url: string,
  path: string,
  userId: string | undefined,
  init: RequestInit & { serviceToken?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${init.serviceToken ?? SERVICE_TOKEN}`,
    ...(init.headers as Record<string, string>),
  };
  if (userId !== undefined) headers["x-end-user-id"] = userId;
  return fetch(`${url}${path}`, { ...init, headers });
}
