import assert from "node:assert/strict";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { loadConfig } from "../src/config/load.ts";
import { OPTIONS } from "../src/config/options.ts";
import { parseSize } from "../src/config/size.ts";
import { parseDuration } from "../src/duration.ts";
import { SandboxError } from "../src/errors.ts";
import { tempDir } from "./helpers/sandbox.ts";

test("defaults match the contract", async (t) => {
  const config = await loadConfig({ env: {}, cwd: await tempDir(t) });
  assert.equal(config.storefrontPort, 8084);
  assert.equal(config.walletPort, 8083);
  assert.equal(config.hostPort, 8085);
  assert.equal(config.bind, "127.0.0.1");
  assert.equal(config.fresh, false);
  assert.deepEqual(config.only, ["storefront", "wallet", "host"]);
  assert.equal(config.tokenTtl, 86_400_000);
  assert.equal(config.sseHeartbeat, 15000);
  assert.deepEqual(config.allowedHosts, []);
  assert.equal(config.maxConnections, 1000);
  for (const secret of [
    config.storefrontJwtSecret,
    config.walletJwtSecret,
    config.bffServiceToken,
    config.signingSecret,
  ]) {
    assert.ok(Buffer.byteLength(secret) >= 32);
  }
  assert.equal(
    new Set([config.storefrontJwtSecret, config.walletJwtSecret, config.bffServiceToken, config.signingSecret]).size,
    4,
  );
});

test("flag > env > config file > default", async (t) => {
  const cwd = await tempDir(t);
  await writeFile(
    join(cwd, "sandbox.config.json"),
    JSON.stringify({ storefrontPort: 7001, walletPort: 7002, hostPort: 7003, dataDir: "file-data" }),
  );
  const config = await loadConfig({
    cwd,
    env: { WALLET_PORT: "6002", HOST_PORT: "6003" },
    flags: { hostPort: "5003" },
  });
  assert.equal(config.storefrontPort, 7001);
  assert.equal(config.walletPort, 6002);
  assert.equal(config.hostPort, 5003);
  assert.equal(config.dataDir, join(cwd, "file-data"));
});

test("--config names another file, which must exist", async (t) => {
  const cwd = await tempDir(t);
  await writeFile(join(cwd, "other.json"), JSON.stringify({ only: ["storefront"], fresh: true }));
  const config = await loadConfig({ cwd, env: {}, configFile: "other.json" });
  assert.deepEqual(config.only, ["storefront"]);
  assert.equal(config.fresh, true);
  await assert.rejects(loadConfig({ cwd, env: {}, configFile: "missing.json" }), /Cannot read the config file/);
});

test("values are parsed and checked", async (t) => {
  const cwd = await tempDir(t);
  const ok = await loadConfig({
    cwd,
    env: {
      ONLY: " host , storefront",
      FRESH: "yes",
      TOKEN_TTL: "90s",
      SSE_HEARTBEAT: "250ms",
      STOREFRONT_PORT: "0",
      MAX_CONNECTIONS: "50",
      ALLOWED_HOSTS: " Sandbox.Test, 192.168.1.20:8084 ,[fd00::2]",
    },
  });
  assert.deepEqual(ok.only, ["storefront", "host"]);
  assert.equal(ok.fresh, true);
  assert.equal(ok.tokenTtl, 90_000);
  assert.equal(ok.sseHeartbeat, 250);
  assert.equal(ok.storefrontPort, 0);
  assert.deepEqual(ok.allowedHosts, ["sandbox.test", "192.168.1.20:8084", "[fd00::2]"]);
  assert.equal(ok.maxConnections, 50);

  const bad: [string, Record<string, string>, RegExp][] = [
    ["port text", { STOREFRONT_PORT: "abc" }, /STOREFRONT_PORT .*whole number from 0 to 65535.*"abc"/],
    [
      "a port fetch() refuses",
      { WALLET_PORT: "6000" },
      /WALLET_PORT must be a port that browsers and Node's fetch\(\) may call .*"6000"/,
    ],
    ["port too big", { WALLET_PORT: "70000" }, /WALLET_PORT/],
    ["negative port", { HOST_PORT: "-1" }, /HOST_PORT/],
    ["unknown service", { ONLY: "storefront,shop" }, /ONLY .*storefront, wallet, host/],
    ["bad boolean", { FRESH: "maybe" }, /FRESH .*true or false/],
    ["bad duration", { TOKEN_TTL: "soon" }, /TOKEN_TTL .*duration/],
    ["bad size", { JOURNAL_BODY_MEMORY: "lots" }, /JOURNAL_BODY_MEMORY .*size such as 512KiB/],
    ["negative size", { JOURNAL_BODY_MEMORY: "-1MiB" }, /JOURNAL_BODY_MEMORY/],
    ["short secret", { BFF_SERVICE_TOKEN: "short" }, /BFF_SERVICE_TOKEN.*at least 32 bytes/],
    [
      "a service token no header carries",
      { BFF_SERVICE_TOKEN: "bff-service-token-with-ümlaut-0123456789" },
      /^BFF_SERVICE_TOKEN must be printable ASCII with no spaces: it travels in an Authorization: Bearer header/,
    ],
    [
      "a control token with a space",
      { CONTROL_TOKEN: "sandbox control token with spaces-0123456789" },
      /^CONTROL_TOKEN must be printable ASCII with no spaces/,
    ],
    ["prefix without a slash", { WALLET_PREFIX: "api/wallet" }, /WALLET_PREFIX .*path/],
    ["prefix with a trailing slash", { WALLET_PREFIX: "/api/wallet/" }, /WALLET_PREFIX/],
    ["prefix with a space", { WALLET_PREFIX: "/api/my wallet" }, /WALLET_PREFIX/],
    ["no connections", { MAX_CONNECTIONS: "0" }, /MAX_CONNECTIONS .*at least 1/],
    ["a URL as a host", { ALLOWED_HOSTS: "http://sandbox.test" }, /ALLOWED_HOSTS .*host names/],
    ["a host with a space", { ALLOWED_HOSTS: "sandbox.test,my host" }, /ALLOWED_HOSTS/],
  ];
  for (const [name, env, message] of bad) {
    await t.test(name, async () => {
      await assert.rejects(
        loadConfig({ cwd, env }),
        (error: unknown) =>
          error instanceof SandboxError && error.code === "config_invalid" && message.test(error.message),
      );
    });
  }
  await t.test("a secret that travels in no header may hold any character", async () => {
    const secret = 'störefront jwt secret € 😀 & "q" -0123456789';
    assert.equal((await loadConfig({ cwd, env: { STOREFRONT_JWT_SECRET: secret } })).storefrontJwtSecret, secret);
  });
  await t.test("a token no header carries is never echoed", async () => {
    await assert.rejects(
      loadConfig({ cwd, env: {}, flags: { controlToken: "hunter2 control token with a space in it" } }),
      (error: unknown) =>
        /^--control-token must be printable ASCII/.test((error as Error).message) &&
        !(error as Error).message.includes("hunter2"),
    );
  });
  await t.test("a short secret is never echoed", async () => {
    await assert.rejects(
      loadConfig({ cwd, env: { SIGNING_SECRET: "hunter2-secret" } }),
      (error: unknown) => !(error as Error).message.includes("hunter2"),
    );
  });
});

test("a broken config file is reported with its path", async (t) => {
  const cwd = await tempDir(t);
  const file = join(cwd, "sandbox.config.json");
  await writeFile(file, "{ storefrontPort: 1 }");
  await assert.rejects(
    loadConfig({ cwd, env: {} }),
    (error: unknown) =>
      error instanceof SandboxError &&
      error.code === "config_invalid" &&
      error.message.includes(file) &&
      /not valid JSON/.test(error.message),
  );
  await writeFile(file, JSON.stringify({ storefrontPrt: 1 }));
  await assert.rejects(loadConfig({ cwd, env: {} }), /Unknown setting "storefrontPrt"/);
});

test("durations", () => {
  assert.equal(parseDuration("250ms"), 250);
  assert.equal(parseDuration("90s"), 90_000);
  assert.equal(parseDuration("15m"), 900_000);
  assert.equal(parseDuration("24h"), 86_400_000);
  assert.equal(parseDuration("2d"), 172_800_000);
  assert.equal(parseDuration("30"), 30_000);
  assert.equal(parseDuration("0s"), null);
  assert.equal(parseDuration("-5s"), null);
  assert.equal(parseDuration("5 weeks"), null);
});

test("sizes", () => {
  assert.equal(parseSize("512KiB"), 524_288);
  assert.equal(parseSize("4MiB"), 4_194_304);
  assert.equal(parseSize("4 mib"), 4_194_304);
  assert.equal(parseSize("2MB"), 2_000_000);
  assert.equal(parseSize("1.5KB"), 1_500);
  assert.equal(parseSize("1GiB"), 1_073_741_824);
  assert.equal(parseSize("300"), 300);
  assert.equal(parseSize("0"), 0);
  assert.equal(parseSize("-1KiB"), null);
  assert.equal(parseSize("4 megabytes"), null);
});

test("every setting has a flag, an env twin and a config key that are unique", () => {
  for (const field of ["key", "flag", "env"] as const) {
    assert.equal(new Set(OPTIONS.map((option) => option[field])).size, OPTIONS.length, `${field}s are unique`);
  }
  // A setting of one command (check's --user) has the command's name in front: CHECK_USER, never the system's USER.
  for (const option of OPTIONS)
    assert.equal(
      option.env,
      `${"command" in option ? `${option.command.toUpperCase()}_` : ""}${option.flag.slice(2).toUpperCase().replaceAll("-", "_")}`,
      "the env twin is the flag's name",
    );
});

test("a relative dataDir in a config file is relative to that file; --no-fresh beats FRESH", async (t) => {
  const cwd = await tempDir(t);
  await mkdir(join(cwd, "conf"));
  await writeFile(join(cwd, "conf", "sandbox.json"), JSON.stringify({ dataDir: "state", fresh: true }));
  const fromFile = await loadConfig({ cwd, env: {}, configFile: "conf/sandbox.json" });
  assert.equal(fromFile.dataDir, join(cwd, "conf", "state"));
  const fromEnv = await loadConfig({ cwd, env: { DATA_DIR: "state" }, configFile: "conf/sandbox.json" });
  assert.equal(fromEnv.dataDir, join(cwd, "state"), "env and flags stay relative to the working directory");
  const off = await loadConfig({ cwd, env: { FRESH: "1" }, flags: { fresh: false }, configFile: "conf/sandbox.json" });
  assert.equal(off.fresh, false);
});
