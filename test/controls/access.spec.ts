import assert from "node:assert/strict";
import { test } from "node:test";
import { createCli } from "../../src/cli/io.ts";
import { runningControls } from "../../src/cli/running.ts";
import { CONTROLS_PREFIX } from "../../src/contracts/controls/prefix.ts";
import { SandboxError } from "../../src/errors.ts";
import { runningSandbox } from "../../src/sandbox-lock.ts";
import { startFullSandbox } from "../helpers/agent.ts";
import { cliEnv, lines, PROJECT_ROOT, startArgs, tempDir } from "../helpers/cli.ts";
import { runInProcess, startInProcess } from "../helpers/in-process.ts";
import { Output } from "../helpers/output.ts";
import { errorBody } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 60_000 };
const TOKEN = "a-control-token-of-our-own-0123456789abcdef";
const DEV_TOKEN = "dev-sandbox-control-token-not-for-production";
const REGISTRATION = { name: "Through the controls", redirectUris: ["http://127.0.0.1:4000/cb"] };

/** Every control route a server lists in its index, as method and a path to call (route parameters filled in). */
async function controlRoutes(url: string): Promise<{ method: string; path: string }[]> {
  const index = (await (await fetch(`${url}/`)).json()) as { routes: { method: string; path: string }[] };
  return index.routes
    .filter((route) => route.path.startsWith(CONTROLS_PREFIX))
    .map(({ method, path }) => ({ method, path: path.replace(/:\w+/g, "x").replace(/\*\*?/g, "x") }));
}

function call(url: string, method: string, path: string, token?: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${url}${path}`, {
    method,
    headers,
    body: body === undefined ? (method === "GET" ? undefined : "{}") : JSON.stringify(body),
  });
}

test(
  "on a non-loopback bind every control demands the control token: 401 without it or with another, answered with it",
  TIMEOUT,
  async (t) => {
    // Bound to every interface, called through loopback: the Host check lets 127.0.0.1 in, the controls do not.
    const sandbox = await startFullSandbox(t, { bind: "0.0.0.0", controlToken: TOKEN });
    for (const [name, url] of Object.entries(sandbox.urls)) {
      const routes = await controlRoutes(url);
      assert.ok(
        routes.some((route) => route.path === `${CONTROLS_PREFIX}health`),
        `${name} lists its controls`,
      );
      for (const { method, path } of [...routes, { method: "GET", path: `${CONTROLS_PREFIX}no-such-control` }]) {
        for (const token of [undefined, DEV_TOKEN, `${TOKEN}x`]) {
          const response = await call(url, method, path, token);
          assert.equal(response.status, 401, `${name}: ${method} ${path} with ${token ?? "no token"}`);
          assert.equal((await errorBody(response)).code, "invalid_token");
          assert.match(response.headers.get("www-authenticate") ?? "", /^Bearer realm="sandbox controls"/);
        }
      }
      const health = await call(url, "GET", `${CONTROLS_PREFIX}health`, TOKEN);
      assert.equal(health.status, 200, name);
    }

    const wallet = sandbox.urls.wallet!;
    const count = async () =>
      ((await (await call(wallet, "GET", `${CONTROLS_PREFIX}oauth/clients`, TOKEN)).json()) as { clients: unknown[] })
        .clients.length;
    const before = await count();
    const refused = await call(wallet, "POST", `${CONTROLS_PREFIX}oauth/clients`, undefined, REGISTRATION);
    assert.equal(refused.status, 401);
    assert.match((await errorBody(refused)).error, /^Missing control token: .*Authorization: Bearer <control token>/);
    assert.equal(await count(), before, "a refused registration registers nothing");
    assert.equal((await call(wallet, "POST", `${CONTROLS_PREFIX}oauth/clients`, TOKEN, REGISTRATION)).status, 201);
    assert.equal(await count(), before + 1);
  },
);

test(
  "the banner prints the control token off loopback, and the CLI sends the one its settings give",
  TIMEOUT,
  async (t) => {
    const dataDir = await tempDir(t);
    const { cli } = await startInProcess(t, startArgs(dataDir, "--bind", "0.0.0.0"), { env: { CONTROL_TOKEN: TOKEN } });
    assert.ok(lines(cli.stdout()).includes(`Control token: ${TOKEN}`), cli.stdout());

    const listed = await runInProcess(["oauth", "clients", "--json", "--data-dir", dataDir], {
      env: { CONTROL_TOKEN: TOKEN },
    });
    assert.equal(listed.code, 0, listed.stderr);
    assert.ok((JSON.parse(listed.stdout) as unknown[]).length > 0);
    const added = await runInProcess(
      ["oauth", "add-client", "--name", "CLI", "--redirect-uri", "http://127.0.0.1:4000/cb", "--data-dir", dataDir],
      { env: { CONTROL_TOKEN: TOKEN } },
    );
    assert.equal(added.code, 0, added.stderr);
    const refused = await runInProcess(["oauth", "clients", "--data-dir", dataDir]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /^Error: Wrong control token: the sandbox listens on 0\.0\.0\.0/);
    assert.equal(lines(refused.stderr).length, 1);

    const controls = (token?: string) =>
      runningControls(
        { dataDir },
        createCli({
          stdout: new Output(),
          stderr: new Output(),
          env: cliEnv(token ? { CONTROL_TOKEN: token } : {}),
          cwd: PROJECT_ROOT,
        }),
      );
    assert.equal((await (await controls(TOKEN)).health()).status, "ok");
    await assert.rejects(
      (await controls()).health(),
      (error: unknown) => error instanceof SandboxError && error.code === "invalid_token" && error.status === 401,
    );
  },
);

test("the default development token is named as such in the banner", TIMEOUT, async (t) => {
  const { cli } = await startInProcess(t, startArgs(await tempDir(t), "--bind", "0.0.0.0", "--only", "storefront"));
  assert.match(
    cli.stdout(),
    new RegExp(
      `^Control token: ${DEV_TOKEN} +\\(the public development default: set CONTROL_TOKEN to a secret of your own\\)$`,
      "m",
    ),
  );
});

test(
  "--no-controls: every /__sandbox/ route answers 404 on every server, the wallet's OAuth clients included",
  TIMEOUT,
  async (t) => {
    // The routes a sandbox with its controls on lists, so that every control is covered, whoever added it.
    const on = await startFullSandbox(t);
    const routes = Object.fromEntries(
      await Promise.all(Object.entries(on.urls).map(async ([name, url]) => [name, await controlRoutes(url)] as const)),
    );
    assert.ok(
      routes.wallet?.some((route) => route.path === `${CONTROLS_PREFIX}oauth/clients` && route.method === "POST"),
      "the wallet lists its OAuth clients control",
    );

    const dataDir = await tempDir(t);
    await startInProcess(t, startArgs(dataDir, "--no-controls"));
    const urls = (await runningSandbox(dataDir))?.urls ?? {};
    assert.deepEqual(Object.keys(urls), Object.keys(on.urls));
    for (const [name, url] of Object.entries(urls)) {
      assert.deepEqual(await controlRoutes(url), [], `${name} lists no control`);
      for (const { method, path } of routes[name] ?? []) {
        const response = await call(url, method, path, undefined, method === "GET" ? undefined : REGISTRATION);
        assert.equal(response.status, 404, `${name}: ${method} ${path}`);
        assert.equal((await errorBody(response)).code, "not_found");
      }
    }
  },
);
