import assert from "node:assert/strict";
import { test } from "node:test";
import { splitKeys } from "../../src/tui/key-stream.ts";
import { KEY, renderTui, startUiSandbox, uiSettings } from "../helpers/tui.tsx";

test("splitKeys: what arrives together becomes one key each (sequences whole; an unfinished one waits)", () => {
  assert.deepEqual(splitKeys("73"), { keys: ["7", "3"], rest: "" });
  assert.deepEqual(splitKeys("/okra"), { keys: ["/", "o", "k", "r", "a"], rest: "" });
  assert.deepEqual(splitKeys("\x7f\x7f\r"), { keys: ["\x7f", "\x7f", "\r"], rest: "" });
  assert.deepEqual(splitKeys("\x1b[A\x1b[6~\x1bOPé\x1b"), {
    keys: ["\x1b[A", "\x1b[6~", "\x1bOP", "é", "\x1b"],
    rest: "",
  });
  assert.deepEqual(splitKeys("\x1ba"), { keys: ["\x1b", "a"], rest: "" });
  assert.deepEqual(splitKeys("x\x1b[1;"), { keys: ["x"], rest: "\x1b[1;" });
});

test("keys in one chunk act one by one: 73 lands on screen 3; /okra searches okra; two DELs delete two letters; a long paste lands at once", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await ui.waitFor("Ada Okafor");
  await ui.burst("73");
  await ui.waitFor(/Cart stream/);
  await ui.burst("1\r2/okra");
  await ui.waitFor(/Search: okra[\s\S]*Okra/);
  await ui.burst(`${KEY.backspace}${KEY.backspace}`);
  const frame = await ui.waitFor(/Search: ok$/m);
  assert.doesNotMatch(frame, /\x7f/);
  const started = Date.now();
  await ui.burst("x".repeat(400));
  await ui.waitFor(`ok${"x".repeat(80)}`);
  assert.ok(Date.now() - started < 1500, `a paste took ${Date.now() - started} ms`);
});
