import assert from "node:assert/strict";
import { request } from "node:http";
import { networkInterfaces } from "node:os";
import { test } from "node:test";
import { createHostCheck } from "../../src/http/allowed-hosts.ts";
import { startTestSandbox } from "../helpers/sandbox.ts";

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * A request with the Host, Origin and target a hostile page (or client) would send: fetch
 * cannot set Host, and sends a target in origin-form only.
 */
function send(
  url: string,
  target: string,
  headers: Record<string, string>,
  init: { method?: string; body?: unknown } = {},
): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    const req = request(
      {
        hostname,
        port,
        path: target,
        method: init.method ?? "GET",
        headers: { ...(body && { "content-type": "application/json" }), ...headers },
        agent: false,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const portOf = (url: string) => new URL(url).port;
const REGISTRATION = { name: "Sandbox Agent Platform", redirectUris: ["https://collector.example/callback"] };

test("every server answers to loopback names on any port and refuses any other Host with 421 unknown_host", async (t) => {
  const { sandbox } = await startTestSandbox(t, { flags: { only: "storefront,wallet,host" } });
  for (const service of sandbox.services) {
    await t.test(service.label, async () => {
      const port = portOf(service.url);
      for (const host of [
        `localhost:${port}`,
        `127.0.0.1:${port}`,
        `127.0.0.2:${port}`,
        `[::1]:${port}`,
        "LOCALHOST:5173",
        "localhost",
      ]) {
        assert.equal((await send(service.url, "/health", { host })).status, 200, host);
      }
      for (const host of [
        `attacker.example:${port}`,
        "attacker.example",
        `localhost.attacker.example:${port}`,
        `127.0.0.1.nip.io:${port}`,
        "evil@127.0.0.1",
      ]) {
        const answer = await send(service.url, "/health", { host });
        assert.equal(answer.status, 421, host);
        assert.equal(answer.body.code, "unknown_host");
        assert.ok(String(answer.body.error).includes(`"${host}"`), `the message names the Host: ${answer.body.error}`);
        assert.match(String(answer.body.error), /--allowed-hosts/);
      }
    });
  }
});

test("--allowed-hosts adds names: name on any port, name:port on that port only", async (t) => {
  const { url } = await startTestSandbox(t, { flags: { allowedHosts: "sandbox.test,tunnel.test:443" } });
  assert.equal((await send(url, "/health", { host: "sandbox.test" })).status, 200);
  assert.equal((await send(url, "/health", { host: "Sandbox.Test:9000" })).status, 200);
  assert.equal((await send(url, "/health", { host: "tunnel.test:443" })).status, 200);
  assert.equal((await send(url, "/health", { host: "tunnel.test:8443" })).status, 421);
  assert.equal((await send(url, "/health", { host: "other.test" })).status, 421);
});

test("the OAuth metadata never names a host the wallet does not answer to", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet", flags: { allowedHosts: "wallet.test" } });
  const port = portOf(wallet.url);
  const path = "/.well-known/oauth-authorization-server";

  const rebound = await send(wallet.url, path, { host: `attacker.example:${port}` });
  assert.equal(rebound.status, 421);
  assert.equal(rebound.body.issuer, undefined);

  // An absolute-form target names the host in place of Host (RFC 9112 §3.2.2).
  const absolute = await send(wallet.url, `http://attacker.example:${port}${path}`, { host: `127.0.0.1:${port}` });
  assert.equal(absolute.status, 421);
  assert.equal(absolute.body.issuer, undefined);

  const forwarded = await send(wallet.url, path, { host: `127.0.0.1:${port}`, "x-forwarded-host": "attacker.example" });
  assert.equal(forwarded.body.issuer, `http://127.0.0.1:${port}`);

  const named = await send(wallet.url, path, { host: `wallet.test:${port}` });
  assert.equal(named.body.issuer, `http://wallet.test:${port}`);
  assert.equal(named.body.token_endpoint, `http://wallet.test:${port}/oauth/token`);

  const token = await send(wallet.url, "/oauth/token", { host: `attacker.example:${port}` }, { method: "POST" });
  assert.equal(token.status, 421, "refused before the token endpoint's own error shape");
  assert.equal(token.body.code, "unknown_host");
});

test("the sandbox controls refuse a page of a foreign Origin with 403 forbidden_origin, and register nothing", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet" });
  const port = portOf(wallet.url);
  const clients = async () =>
    ((await send(wallet.url, "/__sandbox/oauth/clients", {})).body.clients as unknown[]).length;
  const before = await clients();

  // The DNS rebinding attack: the page's own name, now pointing at 127.0.0.1.
  const rebound = await send(
    wallet.url,
    "/__sandbox/oauth/clients",
    { host: `attacker.example:${port}`, origin: `http://attacker.example:${port}` },
    { method: "POST", body: REGISTRATION },
  );
  assert.equal(rebound.status, 421);

  for (const origin of ["http://attacker.example", `http://attacker.example:${port}`, "null", "file://"]) {
    const answer = await send(
      wallet.url,
      "/__sandbox/oauth/clients",
      { origin },
      { method: "POST", body: REGISTRATION },
    );
    assert.equal(answer.status, 403, origin);
    assert.equal(answer.body.code, "forbidden_origin");
    assert.ok(String(answer.body.error).includes(`"${origin}"`), `the message names the Origin: ${answer.body.error}`);
    assert.equal(answer.body.secret, undefined);
    assert.equal((await send(wallet.url, "/__sandbox/oauth/clients", { origin })).status, 403, `GET with ${origin}`);
  }
  assert.equal(await clients(), before, "no client was registered");

  // The sandbox's own pages and the CLI (which sends no Origin) still may.
  // (Under names of their own: the default client is already called "Sandbox Agent Platform".)
  assert.equal(
    (
      await send(
        wallet.url,
        "/__sandbox/oauth/clients",
        { origin: `http://127.0.0.1:${port}` },
        { method: "POST", body: { ...REGISTRATION, name: "From a local page" } },
      )
    ).status,
    201,
  );
  assert.equal(
    (
      await send(
        wallet.url,
        "/__sandbox/oauth/clients",
        {},
        { method: "POST", body: { ...REGISTRATION, name: "From the CLI" } },
      )
    ).status,
    201,
  );
  // Outside the controls, Origin is CORS's business: any page may call the service routes.
  assert.equal((await send(wallet.url, "/health", { origin: "http://attacker.example" })).status, 200);
});

test("with --bind 0.0.0.0 the machine's own addresses are known names too", async (t) => {
  const { url } = await startTestSandbox(t, { flags: { bind: "0.0.0.0" } });
  const port = portOf(url);
  const addresses = Object.values(networkInterfaces()).flatMap((entries) => entries ?? []);
  for (const { address, family } of addresses) {
    const host = family === "IPv6" ? `[${address}]:${port}` : `${address}:${port}`;
    assert.equal((await send(url, "/health", { host })).status, 200, host);
  }
  assert.equal(
    (await send(url, "/health", { host: `203.0.113.7:${port}` })).status,
    421,
    "an address of no interface here (TEST-NET-3)",
  );
});

test("the rules, case by case", async (t) => {
  const cases: [string, { bind: string; allowedHosts: string[] }, string, boolean][] = [
    ["the bind address", { bind: "192.168.1.5", allowedHosts: [] }, "192.168.1.5:8084", true],
    ["another address", { bind: "192.168.1.5", allowedHosts: [] }, "192.168.1.6:8084", false],
    ["an IPv6 bind address", { bind: "fd00::5", allowedHosts: [] }, "[fd00::5]:8084", true],
    ["a bind name", { bind: "devbox.local", allowedHosts: [] }, "devbox.local:8084", true],
    ["no port: 80", { bind: "127.0.0.1", allowedHosts: ["proxy.test:80"] }, "proxy.test", true],
    ["an allowed IPv6 address", { bind: "127.0.0.1", allowedHosts: ["[fd00::9]"] }, "[fd00::9]:1234", true],
    ["a port too large", { bind: "127.0.0.1", allowedHosts: [] }, "localhost:99999", false],
    ["an empty Host", { bind: "127.0.0.1", allowedHosts: [] }, "", false],
    ["a trailing dot", { bind: "127.0.0.1", allowedHosts: [] }, "localhost.:8084", false],
  ];
  for (const [name, policy, host, known] of cases) {
    await t.test(name, () => {
      assert.equal(createHostCheck(policy).refusal([host]) === undefined, known);
    });
  }
  await t.test("an https Origin without a port is port 443", () => {
    const check = createHostCheck({ bind: "127.0.0.1", allowedHosts: ["tunnel.test:443"] });
    assert.equal(check.refusal([], "https://tunnel.test"), undefined);
    assert.equal(check.refusal([], "http://tunnel.test")?.code, "forbidden_origin");
  });
  await t.test(
    "the servers' own origins: http on their ports by their names, and a name:port given, by either scheme",
    () => {
      const check = createHostCheck({ bind: "127.0.0.1", allowedHosts: ["sandbox.test", "tunnel.test:443"] });
      const ports = new Set([8083, 8084]);
      const cases: [string, boolean][] = [
        ["http://127.0.0.1:8084", true],
        ["http://localhost:8083", true],
        ["http://[::1]:8084", true],
        ["http://sandbox.test:8084", true],
        ["https://tunnel.test", true],
        ["http://tunnel.test:443", true],
        ["http://localhost:3000", false],
        ["http://127.0.0.2:8084", false],
        ["https://localhost:8084", false],
        ["http://sandbox.test", false],
        ["http://attacker.example:8084", false],
        ["null", false],
        ["http://localhost:8084/", false],
        ["http://LOCALHOST:8084", false],
      ];
      for (const [origin, own] of cases) assert.equal(check.isOwnOrigin(origin, ports), own, origin);
      const everywhere = createHostCheck({ bind: "0.0.0.0", allowedHosts: [] });
      assert.equal(everywhere.isOwnOrigin("http://127.0.0.1:8084", ports), true);
      assert.equal(everywhere.isOwnOrigin("http://203.0.113.7:8084", ports), false, "an address of no interface here");
    },
  );
});
