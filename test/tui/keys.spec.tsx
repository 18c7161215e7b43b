import assert from "node:assert/strict";
import { test } from "node:test";
import { SEARCH_DELAY_MS } from "../../src/tui/hooks/use-catalog.ts";
import { splitKeys } from "../../src/tui/key-stream.ts";
import { GLOBAL_KEYS, SCREENS } from "../../src/tui/keys.ts";
import { SCREEN_TABLE } from "../../src/tui/screens/table.ts";
import { KEY, renderTui, scrollToEnd, startUiSandbox, uiSettings, words } from "../helpers/tui.tsx";

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
  ui.time.advance(SEARCH_DELAY_MS);
  await ui.waitFor(/Search: okra[\s\S]*Okra/);
  await ui.burst(`${KEY.backspace}${KEY.backspace}`);
  const frame = await ui.waitFor(/Search: ok$/m);
  assert.doesNotMatch(frame, /\x7f/);
  const before = ui.framesDrawn();
  await ui.burst("x".repeat(400));
  await ui.waitFor(`ok${"x".repeat(80)}`);
  // In one piece, the paste is drawn a few times, not once a letter.
  assert.ok(ui.framesDrawn() - before < 20, `a paste drawn ${ui.framesDrawn() - before} times`);
});

test("help at 80×24: on every screen the box keeps its title, and every key's help is there in full (wrapped, and scrolled to)", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await ui.waitFor("Demo users");
  await ui.resize(80, 24);
  for (const screen of SCREENS) {
    await ui.press(screen.key, "?");
    const opened = await ui.waitFor("? or Esc closes this help");
    const frames = await scrollToEnd(ui);
    for (const frame of frames) {
      assert.match(frame, /^│ Keys +│$/m, `the title stays (screen ${screen.key}):\n${frame}`);
      assert.ok(!frame.includes("…"), `no line cut short (screen ${screen.key}):\n${frame}`);
      assert.ok(
        frame.split("\n").every((line) => line.length <= 80),
        `nothing wider than 80 columns:\n${frame}`,
      );
    }
    assert.match(opened, /↑↓ PgUp PgDn scroll: lines 1–\d+ of \d+/, "it says it scrolls, and how");
    const keys = [
      ...SCREENS.map((entry) => `${entry.key} ${entry.title}: ${entry.help}`),
      ...GLOBAL_KEYS.map((entry) => `${entry.key} ${entry.help}`),
      ...SCREEN_TABLE[screen.id].keys.map((entry) => `${entry.key} ${entry.help}`),
    ];
    for (const help of keys)
      assert.ok(
        frames.some((frame) => words(frame).includes(words(help))),
        `screen ${screen.key}: the help of ${help} is shown whole`,
      );
    await ui.press(KEY.escape);
    await ui.waitFor((frame) => !frame.includes("? or Esc closes this help"));
  }
});
