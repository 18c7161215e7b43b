import assert from "node:assert/strict";
import { access, readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { startFullSandbox } from "../helpers/agent.ts";
import { PROJECT_ROOT } from "../helpers/cli.ts";

interface Index {
  service: string;
  version: string;
  routes: { method: string; path: string; description: string }[];
  docs: string[];
}

const { version } = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
};

test("GET / on each server: the service, its version, its routes and its docs", async (t) => {
  const sandbox = await startFullSandbox(t);
  const expected: [string, string, string][] = [
    ["storefront", "GET", "/api/products"],
    ["wallet", "GET", "/api/wallet/transactions/:id"],
    ["host", "GET", "/api/agent/wallet"],
  ];
  for (const [service, method, path] of expected) {
    const url = sandbox.urls[service as "storefront"]!;
    await t.test(service, async () => {
      const response = await fetch(`${url}/`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8");
      const index = (await response.json()) as Index;
      assert.equal(index.service, service);
      assert.equal(index.version, version);
      assert.ok(
        index.routes.some((route) => route.method === method && route.path === path),
        `${method} ${path} is listed`,
      );
      assert.ok(
        index.routes.some((route) => route.method === "GET" && route.path === "/"),
        "the index lists itself",
      );
      for (const route of index.routes) {
        assert.ok(route.description.length > 0, `${route.method} ${route.path} has a description`);
        // Each listed route is one the server really has: OPTIONS names its method.
        const options = await fetch(`${url}${route.path.replace(/:\w+/g, "x")}`, { method: "OPTIONS" });
        assert.match(
          options.headers.get("allow") ?? "",
          new RegExp(`\\b${route.method}\\b`),
          `${route.method} ${route.path}`,
        );
      }
      assert.ok(index.docs.length > 0);
      for (const doc of index.docs) await access(join(PROJECT_ROOT, doc));
    });
  }

  await t.test("HEAD / answers like GET, without the body", async () => {
    const response = await fetch(`${sandbox.urls.storefront}/`, { method: "HEAD" });
    assert.equal(response.status, 200);
    assert.equal(await response.text(), "");
  });
});
