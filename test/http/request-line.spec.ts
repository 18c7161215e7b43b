import assert from "node:assert/strict";
import { test } from "node:test";
import { assertErrorShape, MALFORMED_TARGETS, parseAnswer, rawRequest, sendLine } from "../helpers/raw-http.ts";
import { startTestSandbox } from "../helpers/sandbox.ts";

test("every server answers a malformed request target with a 4xx in the error shape, and keeps serving", async (t) => {
  const { sandbox } = await startTestSandbox(t, { flags: { only: "storefront,wallet,host" } });
  for (const service of sandbox.services) {
    await t.test(service.label, async () => {
      for (const [name, line, status, code] of MALFORMED_TARGETS) {
        assertErrorShape(await sendLine(service.url, line), status, code, name);
      }
      // Before, srvx read a target it could not parse as "/": this one got the index.
      const refused = JSON.parse((await sendLine(service.url, "GET http://[/x HTTP/1.1")).body) as { error: string };
      assert.equal(
        refused.error,
        'The request target "http://[/x" is none this server answers: a path ("/…"), an http:// or https:// URL with a host, or "*" for OPTIONS',
      );
      // A host Host headers cannot have is refused by its own name.
      const odd = JSON.parse((await sendLine(service.url, "GET http://a!b/health HTTP/1.1")).body) as { error: string };
      assert.match(odd.error, /^Refused the Host "a!b"/);
      assert.equal((await sendLine(service.url, "GET /health HTTP/1.1")).status, 200, "still serving");
    });
  }
});

test("the forms a server does take: a path, an http(s) URL of its own, OPTIONS *", async (t) => {
  const { url } = await startTestSandbox(t);
  const port = new URL(url).port;
  assert.equal((await sendLine(url, "GET /health HTTP/1.1")).status, 200);
  assert.equal((await sendLine(url, `GET http://127.0.0.1:${port}/health HTTP/1.1`)).status, 200);
  assert.equal((await sendLine(url, `GET https://localhost:${port}/health?x=1 HTTP/1.1`)).status, 200);
  assert.notEqual((await sendLine(url, "OPTIONS * HTTP/1.1")).status, 400);
});

test("a quoted target is cut to 100 characters", async (t) => {
  const { url } = await startTestSandbox(t);
  const answer = await sendLine(url, `GET http://[${"b".repeat(300)} HTTP/1.1`);
  const { error } = JSON.parse(answer.body) as { error: string };
  assert.ok(error.startsWith(`The request target "http://[${"b".repeat(92)}…" is none`), error);
});

test("the controls: a malformed target never reaches them", async (t) => {
  const { url } = await startTestSandbox(t);
  const port = new URL(url).port;
  const body = '{"advance":"1h"}';
  const moved = parseAnswer(
    await rawRequest(
      url,
      `POST http://[/__sandbox/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    ),
  );
  assertErrorShape(moved, 400, "bad_request", "POST to the clock");
  const clock = await sendLine(url, `GET http://127.0.0.1:${port}/__sandbox/clock HTTP/1.1`);
  assert.equal(clock.status, 200);
  assert.equal((JSON.parse(clock.body) as { offsetMs: number }).offsetMs, 0, "the clock did not move");
});

test("Host: HTTP/1.1 without it is a 400 in the error shape; HTTP/1.0 without it is a request for the address reached", async (t) => {
  const wallet = await startTestSandbox(t, { service: "wallet" });
  const port = new URL(wallet.url).port;

  const noHost = await sendLine(wallet.url, "GET /health HTTP/1.1", ["Connection: close"]);
  assertErrorShape(noHost, 400, "bad_request", "HTTP/1.1 without Host");
  assert.equal(
    (JSON.parse(noHost.body) as { error: string }).error,
    "An HTTP/1.1 request must name the server it is for in a Host header",
  );

  const old = await sendLine(wallet.url, "GET /.well-known/oauth-authorization-server HTTP/1.0", []);
  assert.equal(old.status, 200);
  assert.equal((JSON.parse(old.body) as { issuer: string }).issuer, `http://127.0.0.1:${port}`);

  // The target's own host is checked all the same.
  const named = await sendLine(wallet.url, "GET http://attacker.example/health HTTP/1.0", []);
  assertErrorShape(named, 421, "unknown_host", "HTTP/1.0 absolute-form of another host");
});

test("CONNECT gets a 400 in the error shape, and the connection is closed", async (t) => {
  const { url } = await startTestSandbox(t);
  const answer = await sendLine(url, "CONNECT 127.0.0.1:443 HTTP/1.1", ["Host: 127.0.0.1:443"]);
  assertErrorShape(answer, 400, "bad_request", "CONNECT");
  assert.equal(answer.headers.connection, "close");
  assert.equal((await sendLine(url, "GET /health HTTP/1.1")).status, 200);
});
