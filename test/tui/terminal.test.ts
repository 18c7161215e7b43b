import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import { test } from "node:test";
import { runningSandbox } from "../../src/sandbox-lock.ts";
import { PROJECT_ROOT, startArgs, tempDir } from "../helpers/cli.ts";
import { startInProcess } from "../helpers/in-process.ts";
import { screenMatches, tmux, tmuxMissing } from "../helpers/tmux.ts";

/** `TUI_DOCS=update` (npm run docs:tui) writes each screen as captured here into docs/tui.md. */
const UPDATE_DOCS = process.env.TUI_DOCS === "update";
const DOCS = new URL("../../docs/tui.md", import.meta.url);

test("sandbox ui in a real terminal (tmux, 100×30): sign in, register the sessions, add from the catalog and see the event on the cart stream, ask the agent with a follow-up; q gives the terminal back", {
  timeout: 120_000,
}, async (t) => {
  if (tmuxMissing(t)) return;
  const dataDir = await tempDir(t);
  await startInProcess(t, startArgs(dataDir));
  const urls = (await runningSandbox(dataDir))!.urls!;
  const session = `sandbox-ui-${process.pid}`;
  // The shell records the terminal's settings before and after: raw mode and echo must come back as they were.
  const command = `before=$(stty -g); printf 'before the UI\\n'; node bin/sandbox.js ui --data-dir ${dataDir}; code=$?; [ "$(stty -g)" = "$before" ] && echo "tty restored"; echo "exit=$code"; sleep 60`;
  tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "30", "-c", PROJECT_ROOT, command);
  t.after(() => void tmux("kill-session", "-t", session));
  const captures: Record<string, string> = {};
  /** Waits for the screen, and keeps it for the docs. */
  const see = async (pattern: RegExp, capture?: string) => {
    const screen = await screenMatches(session, pattern);
    if (capture) captures[capture] = tmux("capture-pane", "-p", "-t", session);
    return screen;
  };
  /**
   * Keys sent at once, as a fast typist's or a paste reach the terminal: the UI's key stream hands
   * them over one at a time, each once the UI is done with the one before (text typed into a
   * field goes in one piece, as a paste).
   */
  const keys = (...sent: string[]) => void tmux("send-keys", "-t", session, ...sent);
  const type = (text: string) => void tmux("send-keys", "-t", session, "-l", text);

  await see(/● storefront {2}● wallet {2}● host app/);
  keys("Enter");
  await see(/wallet +✓ signed in as Ada Okafor/, "signin");

  keys("4");
  await see(/Agent sessions of Ada Okafor/);
  keys("r");
  const sessions = await see(/GET \/api\/agent\/wallet +✓ balance/, "sessions");
  assert.match(sessions, /sessions: on\/on/);

  keys("2");
  await see(/Product +Price/);
  keys("s");
  type("rice");
  await see(/Search: rice[\s\S]*Ofada Rice/);
  keys("Escape", "a");
  await see(/Quantity of Ofada Rice \(1–99\): 1/);
  keys("BSpace", "2", "Enter");
  await see(/✓ Added 2 × Ofada Rice/, "catalog");

  keys("3");
  const cart = await see(/cart +v1: 1 line, 2 items/, "cart");
  assert.match(cart, /● open/);
  assert.match(cart, /Ofada Rice .* 2 /);

  keys("6");
  await see(/a Ask {3}l Actions/);
  keys("a");
  type("Did my transfer go through?");
  keys("Enter");
  await see(/↳ Which transaction\? Give its id/);
  type("txn_ada_0002");
  keys("Enter");
  const agent = await see(/= txn_ada_0002 \(.*\): Failed\./, "agent");
  assert.match(agent, /authorization: Bearer \*\*\*/);

  keys("5");
  await see(/expires in \d+m \d+s/, "identity");
  keys("7");
  await see(/Insights 30d: income/, "wallet");
  // Joined to a running sandbox, the Sandbox screen has no banner: the URLs, and where start printed the rest.
  keys("0");
  const sandbox = await see(/This UI joined a sandbox that was already running/, "sandbox");
  assert.ok(sandbox.includes(`storefront  ${urls.storefront}`), sandbox);
  keys("8");
  const traffic = await see(/Sandbox request journal[\s\S]*POST +\/api\/cart\/items +200/, "traffic");
  assert.match(traffic, /storefront GET +\/api\/agent\/orders +200 +\d+ ada +yes/);

  keys("q");
  const after = await screenMatches(session, /exit=0/, 30_000);
  assert.match(after, /^before the UI\ntty restored\nexit=0$/m, "the terminal's own screen is back, with its settings");
  assert.equal(
    tmux("display-message", "-p", "-t", session, "#{alternate_on} #{cursor_flag}").trim(),
    "0 1",
    "alternate screen left, cursor shown",
  );

  if (UPDATE_DOCS) await writeCaptures(captures, urls, dataDir);
});

/**
 * Replaces each `<!-- capture:NAME -->` block of docs/tui.md with the screen captured, the test's
 * free ports shown as the default ones and its temporary data dir as the docs' /tmp/ci-sandbox.
 */
async function writeCaptures(
  captures: Record<string, string>,
  urls: Record<string, string | undefined>,
  dataDir: string,
): Promise<void> {
  const defaults: Record<string, string> = { storefront: "8084", wallet: "8083", host: "8085" };
  let doc = await readFile(DOCS, "utf8");
  for (const [name, screen] of Object.entries(captures)) {
    let text = screen.replace(/\s+$/, "").replaceAll(dataDir, "/tmp/ci-sandbox");
    for (const [service, url] of Object.entries(urls))
      if (url) text = text.replaceAll(url, `http://127.0.0.1:${defaults[service]}`);
    doc = doc.replace(
      new RegExp(`(<!-- capture:${name} -->\\n)[\\s\\S]*?(<!-- /capture -->)`),
      `$1\`\`\`\n${text}\n\`\`\`\n$2`,
    );
  }
  await writeFile(DOCS, doc);
}
