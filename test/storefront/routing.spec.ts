import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { test } from "node:test";
import { ControlsClient } from "../../src/client/controls-client.ts";
import type { JournalEntry } from "../../src/contracts/journal/entry.ts";
import { rawRequest } from "../helpers/raw-http.ts";
import { ADA, errorBody, startTestSandbox } from "../helpers/sandbox.ts";

/** A POST whose body goes out in chunks (no Content-Length), on a connection of its own. */
function chunkedPost(url: string, chunks: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: "POST", headers: { "content-type": "application/json", connection: "close" } },
      (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

test("routing and malformed requests", async (t) => {
  const serverErrors: string[] = [];
  const sandbox = await startTestSandbox(t, { start: { logError: (message) => serverErrors.push(message) } });
  const token = await sandbox.login();

  await t.test("GET /health", async () => {
    const response = await sandbox.fetch("/health");
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: "ok" });
  });

  const absent = [
    "/api/products/search?q=rice",
    "/api/orders/ORD-7F3K2Q",
    "/api/product",
    "/api/cart/items/ofada-rice-5kg",
    "/api/%2e%2e/%2e%2e/etc/passwd",
    "/api/products/..%2F..%2Ffixtures",
  ];
  for (const path of absent) {
    await t.test(`${path} is a JSON 404`, async () => {
      const response = await sandbox.as(token, path);
      assert.equal(response.status, 404);
      assert.equal((await errorBody(response)).code, "not_found");
    });
  }

  await t.test("a method the route does not have is a JSON 405, never a 5xx", async () => {
    const response = await sandbox.as(token, "/api/products", { method: "DELETE" });
    assert.equal(response.status, 405);
    assert.equal((await errorBody(response)).code, "method_not_allowed");
  });

  await t.test("HEAD answers like GET, without a body", async () => {
    const head = await sandbox.fetch("/health", { method: "HEAD" });
    assert.equal(head.status, 200);
    assert.match(head.headers.get("content-type") ?? "", /^application\/json/);
    assert.equal(await head.text(), "");
    assert.equal((await sandbox.fetch("/nope", { method: "HEAD" })).status, 404);
  });

  await t.test("a chunked body over 1 MiB is 413, and the server keeps running", async () => {
    const { status, body } = await chunkedPost(`${sandbox.url}/api/auth/login`, [
      '{"email":"',
      ...Array(20).fill("x".repeat(64 * 1024)),
      '"}',
    ]);
    assert.equal(status, 413);
    assert.equal(JSON.parse(body).code, "payload_too_large");
    assert.equal((await sandbox.fetch("/health")).status, 200);
  });

  await t.test("a JSON body in several packets, behind a byte order mark, reads as Body.text() reads it", async () => {
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(JSON.stringify({ email: ADA.email, password: ADA.password })),
    ]);
    const { hostname, port } = new URL(sandbox.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, async () => {
        socket.write(
          `POST /api/auth/login HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        );
        for (const part of [body.subarray(0, 2), body.subarray(2, 20), body.subarray(20)]) {
          socket.write(part);
          await new Promise((next) => setTimeout(next, 20));
        }
      });
      let text = "";
      socket.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      socket.on("end", () => resolve(text)).on("error", reject);
    });
    assert.match(answer, /^HTTP\/1\.1 200 /);
    assert.match(answer, /"token":"/);
  });

  await t.test(
    "a client that leaves in the middle of its body is answered 400 (never a 5xx), and the server keeps answering",
    async () => {
      const { hostname, port } = new URL(sandbox.url);
      await new Promise<void>((resolve) => {
        const socket = connect(Number(port), hostname, () => {
          socket.write(
            `POST /api/auth/login HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 100\r\nX-Leaves: mid-body\r\n\r\n{"email":`,
          );
          setTimeout(() => socket.destroy(), 50);
        });
        socket.on("close", () => resolve());
      });
      const controls = new ControlsClient(sandbox.url, sandbox.sandbox.config.controlToken);
      let left: JournalEntry | undefined;
      for (let tries = 0; !left && tries < 50; tries++) {
        left = (await controls.journal({ method: "POST", path: "/api/auth/login" })).entries.find(
          (entry) => entry.request.headers["x-leaves"] === "mid-body",
        );
        if (!left) await new Promise((next) => setTimeout(next, 20));
      }
      assert.equal(left?.status, 400);
      assert.deepEqual(serverErrors, []);
      assert.equal((await sandbox.fetch("/health")).status, 200);
    },
  );

  await t.test("JSON nested too deeply is a 400 that says so", async () => {
    const response = await sandbox.as(token, "/api/cart/items", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `${"[".repeat(20000)}${"]".repeat(20000)}`,
    });
    assert.equal(response.status, 400);
    assert.match((await errorBody(response)).error, /nested too deeply|JSON object/);
  });

  await t.test("a malformed percent-encoding is a JSON 400", async () => {
    const response = await sandbox.fetch("/api/products/%ZZ");
    assert.equal(response.status, 400);
    assert.equal((await errorBody(response)).code, "bad_request");
  });

  await t.test("a header with a bare CR is a JSON 400", async () => {
    const answer = await rawRequest(
      sandbox.url,
      `GET /api/products HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\rb\r\nConnection: close\r\n\r\n`,
    );
    assert.match(answer, /^HTTP\/1\.1 400 /);
    assert.match(answer, /"code":"bad_request"/);
  });

  await t.test("an X-End-User-Id with CR/LF never reaches a route", async () => {
    const answer = await rawRequest(
      sandbox.url,
      `GET /api/products HTTP/1.1\r\nHost: x\r\nX-End-User-Id: a\nInjected: b\r\nConnection: close\r\n\r\n`,
    );
    assert.match(answer, /^HTTP\/1\.1 (400|401) /);
  });

  await t.test("errors never carry a stack trace", async () => {
    const response = await sandbox.as(token, "/api/cart/items", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"product_id": [1, {"a": }',
    });
    assert.equal(response.status, 400);
    const text = JSON.stringify(await errorBody(response));
    assert.doesNotMatch(text, /at .*\.ts:\d+/);
  });

  await t.test("CORS: a browser app on another origin may call the API", async () => {
    const preflight = await sandbox.fetch("/api/cart/items", {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:3000",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,content-type",
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
    const error = await sandbox.fetch("/api/products", { headers: { origin: "http://localhost:3000" } });
    assert.equal(error.headers.get("access-control-allow-origin"), "*");
  });
});
