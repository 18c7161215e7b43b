import assert from "node:assert/strict";
import { test } from "node:test";
import { CONTROLS_PREFIX } from "../../src/contracts/controls/prefix.ts";
import { HTTP_TEXTS } from "../../src/contracts/http-errors.ts";
import { listRoutes } from "../../src/http/route-table.ts";
import type { OpenApiDocument } from "../../src/openapi/document.ts";
import { openApiPath } from "../../src/openapi/operation.ts";
import { startFullSandbox } from "../helpers/agent.ts";

type Parameter = { name: string; in: string; schema: { enum?: string[]; examples?: string[] } };

/** A value for a path parameter: the first its schema allows or shows. */
function sample({ schema }: Parameter): string {
  return schema.enum?.[0] ?? schema.examples?.[0] ?? "x";
}

test("the documents and the servers agree: every route is documented, every documented operation answers", async (t) => {
  const sandbox = await startFullSandbox(t);
  for (const { name, service } of sandbox.controls.services) {
    const url = sandbox.urls[name]!;
    const document = (await (await fetch(`${url}/openapi.json`)).json()) as OpenApiDocument;
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );

    await t.test(`${name}: each route it has (the controls aside) is in its document, and nothing else`, () => {
      const routes = listRoutes(service.app)
        .filter((route) => !route.path.startsWith(CONTROLS_PREFIX))
        .map((route) => `${route.method} ${openApiPath(route.path)}`);
      assert.deepEqual([...documented].sort(), [...routes].sort());
    });

    await t.test(`${name}: each documented operation answers (no 404 for want of a route, no 405)`, async () => {
      for (const [path, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const parameters = ((operation as { parameters?: Parameter[] }).parameters ?? []).filter(
            (parameter) => parameter.in === "path",
          );
          const concrete = parameters.reduce(
            (filled, parameter) => filled.replace(`{${parameter.name}}`, encodeURIComponent(sample(parameter))),
            path,
          );
          const response = await fetch(`${url}${concrete}`, { method: method.toUpperCase(), redirect: "manual" });
          const json = response.headers.get("content-type")?.startsWith("application/json");
          const body = json ? ((await response.json()) as { error?: string }) : {};
          if (!json) await response.body?.cancel();
          const what = `${method.toUpperCase()} ${concrete} → ${response.status} ${body.error ?? ""}`;
          assert.notEqual(response.status, 405, what);
          assert.ok(!(body.error ?? "").startsWith(HTTP_TEXTS.noRoute.text.split("{")[0]!), what);
        }
      }
    });
  }
});
