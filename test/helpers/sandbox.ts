import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestContext } from "node:test";
import { loadConfig, type SandboxConfig } from "../../src/config/load.ts";
import type { OptionKey } from "../../src/config/options.ts";
import { type Sandbox, type StartOptions, startServers } from "../../src/runtime/sandbox.ts";
import { closeWhenDone } from "./deadline.ts";
import { checkAnswers } from "./openapi.ts";

export const ADA = {
  id: "0b6f3a5e-6c1d-4f47-9a2b-3c4d5e6f7a81",
  email: "ada@example.com",
  password: "ada-sandbox-pass",
};
export const TUNDE = {
  id: "5d2e8c14-9b7a-4e3f-8c61-2a9d4b7e0f53",
  email: "tunde@example.com",
  password: "tunde-sandbox-pass",
};
export const NGOZI = {
  id: "a3c9e7f2-1d4b-4a8e-b5c6-7e8f9a0b1c2d",
  email: "ngozi@example.com",
  password: "ngozi-sandbox-pass",
};
export const DEV_STOREFRONT_SECRET = "dev-storefront-jwt-secret-not-for-production";
export const DEV_WALLET_SECRET = "dev-wallet-jwt-secret-not-for-production-use";
export const DEV_SIGNING_SECRET = "dev-embed-identity-signing-secret-not-for-prod";

export async function tempDir(t: TestContext | { after(fn: () => unknown): void }): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "sandbox-test-"));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Settings of a test sandbox: free ports, a temp data dir, a short heartbeat; no env, no config file. */
export async function testConfig(
  dataDir: string,
  flags: Partial<Record<OptionKey, unknown>> = {},
): Promise<SandboxConfig> {
  return loadConfig({
    env: {},
    cwd: dataDir,
    flags: {
      storefrontPort: 0,
      walletPort: 0,
      hostPort: 0,
      dataDir,
      only: "storefront",
      sseHeartbeat: "100ms",
      ...flags,
    },
  });
}

export interface TestSandbox {
  sandbox: Sandbox;
  /** The URL of the service the helpers talk to (the storefront unless `service` says otherwise). */
  url: string;
  dataDir: string;
  /** fetch against the storefront. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  login(user?: { email: string; password: string }): Promise<string>;
  /** fetch with the user's bearer token. */
  as(token: string, path: string, init?: RequestInit): Promise<Response>;
  addToCart(token: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** Starts a sandbox on free ports with a temp data dir; it is closed when the test ends. */
export async function startTestSandbox(
  t: { after(fn: () => unknown): void },
  options: {
    flags?: Partial<Record<OptionKey, unknown>>;
    dataDir?: string;
    start?: StartOptions;
    service?: "storefront" | "wallet";
  } = {},
): Promise<TestSandbox> {
  const dataDir = options.dataDir ?? (await tempDir(t));
  const service = options.service ?? "storefront";
  const sandbox = await startServers(await testConfig(dataDir, { only: service, ...options.flags }), options.start);
  closeWhenDone(t, "sandbox.close()", () => sandbox.close());
  await checkAnswers(t, sandbox.urls, sandbox.config.walletPrefix);
  const url = sandbox.urls[service] as string;
  const fetchPath = (path: string, init?: RequestInit) => fetch(`${url}${path}`, init);
  const as = (token: string, path: string, init: RequestInit = {}) =>
    fetchPath(path, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
    });
  return {
    sandbox,
    url,
    dataDir,
    fetch: fetchPath,
    as,
    async login(user = ADA) {
      const response = await fetchPath("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { token: string }).token;
    },
    addToCart(token, body, headers = {}) {
      return as(token, "/api/cart/items", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    },
  };
}

/** Asserts the error shape of contract.md and returns the body. */
export async function errorBody(
  response: Response,
): Promise<{ error: string; code: string; details?: unknown; hint?: string }> {
  const type = response.headers.get("content-type") ?? "";
  if (!type.startsWith("application/json")) throw new Error(`error answered with ${type}: ${await response.text()}`);
  const body = (await response.json()) as { error: string; code: string };
  if (typeof body.error !== "string" || typeof body.code !== "string")
    throw new Error(`not the error shape: ${JSON.stringify(body)}`);
  return body;
}

/** A port nothing listens on: one the system gave out and took back. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
