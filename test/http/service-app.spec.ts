import assert from "node:assert/strict";
import { test } from "node:test";
import { HTTP_ERRORS } from "../../src/contracts/http-errors.ts";
import { SandboxError } from "../../src/errors.ts";
import { addNotFoundRoute, createServiceApp } from "../../src/http/service-app.ts";

test("a SandboxError leaves as the error shape with its own status, headers and hint", async () => {
  const app = createServiceApp({ errorCodes: { ...HTTP_ERRORS, teapot_code: 418 } });
  app.get("/brew", () => {
    throw new SandboxError("teapot_code", "I am a teapot", {
      status: 418,
      hint: "Try coffee elsewhere",
      headers: { "x-why": "short and stout" },
    });
  });
  const response = await app.fetch(new Request("http://sandbox.test/brew"));
  assert.equal(response.status, 418);
  assert.equal(response.headers.get("x-why"), "short and stout");
  assert.match(response.headers.get("content-type") ?? "", /^application\/json/);
  assert.deepEqual(await response.json(), {
    error: "I am a teapot",
    code: "teapot_code",
    hint: "Try coffee elsewhere",
  });
});

test("a code the service did not register is answered, and reported as a bug", async () => {
  const reported: string[] = [];
  const app = createServiceApp({
    errorCodes: HTTP_ERRORS,
    onServerError: (error) => reported.push((error as Error).message),
  });
  app.get("/odd", () => {
    throw new SandboxError("unheard_of", "Something new", { status: 409 });
  });
  addNotFoundRoute(app);
  assert.equal((await app.fetch(new Request("http://sandbox.test/odd"))).status, 409);
  assert.equal((await app.fetch(new Request("http://sandbox.test/nowhere"))).status, 404);
  assert.deepEqual(reported, ['The error code "unheard_of" is not among the service\'s registered codes']);
});

test("a bug is a 500 without its message; the stack goes to the report", async () => {
  const reported: unknown[] = [];
  const app = createServiceApp({ onServerError: (error) => reported.push(error) });
  app.get("/bug", () => {
    throw new TypeError("secret internals");
  });
  const response = await app.fetch(new Request("http://sandbox.test/bug"));
  assert.equal(response.status, 500);
  assert.deepEqual(await response.json(), { error: "Internal error: see the sandbox log", code: "internal_error" });
  assert.ok(reported[0] instanceof TypeError);
});
