import assert from "node:assert/strict";
import { test } from "node:test";
import { buildEmbedUrl, IdentityError, parseEmbedMode, resolveEmbedBase } from "../../src/identity/index.ts";

const CONFIG = { embedBase: "auto", bind: "127.0.0.1", hostPort: 8085 };

test("the embed base", async (t) => {
  const cases = [
    {
      name: "auto: /embed on the configured host app",
      config: CONFIG,
      running: undefined,
      base: "http://127.0.0.1:8085/embed",
    },
    {
      name: "auto: the running sandbox's host app wins",
      config: CONFIG,
      running: "http://127.0.0.1:40123",
      base: "http://127.0.0.1:40123/embed",
    },
    {
      name: "auto: a running host port 0 is no problem",
      config: { ...CONFIG, hostPort: 0 },
      running: "http://127.0.0.1:40123/",
      base: "http://127.0.0.1:40123/embed",
    },
    {
      name: "auto: 0.0.0.0 is reached on loopback",
      config: { ...CONFIG, bind: "0.0.0.0" },
      running: undefined,
      base: "http://127.0.0.1:8085/embed",
    },
    {
      name: "auto: IPv6 goes in brackets",
      config: { ...CONFIG, bind: "::" },
      running: undefined,
      base: "http://[::1]:8085/embed",
    },
    {
      name: "auto: another bind address is kept",
      config: { ...CONFIG, bind: "192.168.1.20", hostPort: 9000 },
      running: undefined,
      base: "http://192.168.1.20:9000/embed",
    },
    {
      name: "a configured base is used as it is",
      config: { ...CONFIG, embedBase: "https://chat.example.com/w/embed" },
      running: "http://127.0.0.1:40123",
      base: "https://chat.example.com/w/embed",
    },
  ];
  for (const { name, config, running, base } of cases) {
    await t.test(name, () => assert.equal(resolveEmbedBase(config, running), base));
  }
  await t.test("auto with host port 0 and nothing running cannot say where", () => {
    assert.throws(
      () => resolveEmbedBase({ ...CONFIG, hostPort: 0 }),
      (error: Error) => error instanceof IdentityError && /--embed-base/.test(error.message),
    );
  });
});

test("the embed URL carries the spec's parameters in order", () => {
  const url = buildEmbedUrl("http://127.0.0.1:8085/embed", {
    mode: "drawer",
    endUser: "u-1",
    identity: "a.b.c",
    session: "s 1&x",
  });
  assert.equal(url, "http://127.0.0.1:8085/embed?mode=drawer&endUser=u-1&identity=a.b.c&session=s+1%26x");
  const params = new URL(url).searchParams;
  assert.equal(params.get("session"), "s 1&x", "values are encoded");
});

test("identity and session are left out when not given", () => {
  const url = new URL(buildEmbedUrl("http://127.0.0.1:8085/embed", { mode: "launcher", endUser: "u-1" }));
  assert.deepEqual([...url.searchParams.keys()], ["mode", "endUser"]);
});

test("a base with its own query keeps it, but not stale embed parameters", () => {
  const url = buildEmbedUrl("https://chat.example.com/embed?tenant=acme&mode=old&identity=stale", {
    mode: "drawer",
    endUser: "u-1",
  });
  assert.equal(url, "https://chat.example.com/embed?tenant=acme&mode=drawer&endUser=u-1");
});

test("modes", async (t) => {
  await t.test("drawer and launcher, in any case", () => {
    assert.equal(parseEmbedMode("drawer"), "drawer");
    assert.equal(parseEmbedMode(" Launcher "), "launcher");
  });
  await t.test("anything else is refused", () => {
    assert.throws(() => parseEmbedMode("sidebar"), /--mode must be drawer or launcher; got "sidebar"/);
  });
});
