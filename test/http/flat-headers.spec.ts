import assert from "node:assert/strict";
import { test } from "node:test";
import { flatHeaders, headerOf, headerRecord } from "../../src/http/flat-headers.ts";

test("headers kept flat read back by name in any case, a repeated one joined", () => {
  const raw = [
    "Host",
    "127.0.0.1",
    "Authorization",
    "Bearer first",
    "X-Tag",
    "a",
    "authorization",
    "Bearer second",
    "x-tag",
    "b",
  ];
  assert.equal(headerOf(raw, "authorization"), "Bearer first", "the first, as Node keeps it");
  assert.equal(headerOf(raw, "cookie"), undefined);
  assert.deepEqual(headerRecord(raw), {
    host: "127.0.0.1",
    authorization: "Bearer first, Bearer second",
    "x-tag": "a, b",
  });
});

test("writeHead's and a Response's headers made flat; a flat list of strings stays the same array", () => {
  const srvx = ["content-type", "application/json", "etag", '"v1"'];
  assert.equal(flatHeaders(srvx), srvx);
  assert.deepEqual(flatHeaders([["content-length", "2"]]), ["content-length", "2"]);
  assert.deepEqual(flatHeaders({ "content-length": 2, "set-cookie": ["a=1", "b=2"], gone: undefined }), [
    "content-length",
    "2",
    "set-cookie",
    "a=1",
    "set-cookie",
    "b=2",
  ]);
  assert.deepEqual(flatHeaders(new Headers({ "X-One": "1" })), ["x-one", "1"]);
});
