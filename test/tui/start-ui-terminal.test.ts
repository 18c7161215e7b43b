import assert from "node:assert/strict";
import { test } from "node:test";
import { runningSandbox } from "../../src/sandbox-lock.ts";
import { PROJECT_ROOT, startArgs, tempDir } from "../helpers/cli.ts";
import { screenMatches, tmux, tmuxMissing } from "../helpers/tmux.ts";

test("start --ui in a real terminal (80×24): the UI opens on the start banner, its help fits, it signs in on the servers it started; q quits, stops them cleanly and gives the terminal back", {
  timeout: 60_000,
}, async (t) => {
  if (tmuxMissing(t)) return;
  const dataDir = await tempDir(t);
  const session = `sandbox-start-ui-${process.pid}`;
  const command = `printf 'before the UI\\n'; node bin/sandbox.js ${startArgs(dataDir, "--ui").join(" ")}; echo "exit=$?"; sleep 30`;
  tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", "-c", PROJECT_ROOT, command);
  t.after(() => void tmux("kill-session", "-t", session));

  // What start printed, which the alternate screen would hide, is the first screen.
  const banner = await screenMatches(session, /● storefront {2}● wallet {2}● host app/);
  const urls = (await runningSandbox(dataDir))?.urls;
  assert.ok(urls?.storefront, "the servers run while the UI is open");
  assert.match(banner, /^ 0Sandbox 1Sign in/m);
  assert.ok(banner.includes(`Sandbox running (data: ${dataDir})`), banner);
  assert.ok(banner.includes(`storefront  ${urls.storefront}`), banner);
  assert.match(banner, /Ada Okafor +ada@example\.com +ada-sandbox-pass/);
  assert.match(banner, /lines 1–\d+ of \d+\n.*↑↓ PgUp PgDn scroll/);
  tmux("send-keys", "-t", session, "End");
  const end = await screenMatches(session, /q \(or Ctrl-C\) quits the UI and stops the sandbox\./);
  assert.match(end, /BFF service token: dev-bff-service-token-not-for-production-use/);
  assert.match(end, /Chat embed preview: http:\/\/127\.0\.0\.1:\d+\/ \(open in a browser\)/);

  // The help fits 80×24: its title stays, no line is cut short, the rest is a scroll away.
  tmux("send-keys", "-t", session, "?");
  const help = await screenMatches(session, /│ Keys +│[\s\S]*↑↓ PgUp PgDn scroll: lines 1–/);
  assert.doesNotMatch(help, /…/);
  tmux("send-keys", "-t", session, "PageDown");
  await screenMatches(session, /│ Keys +│[\s\S]*On this screen/);
  tmux("send-keys", "-t", session, "Escape", "1");
  await screenMatches(session, /Demo users/);
  tmux("send-keys", "-t", session, "Enter");
  const signedIn = await screenMatches(session, /wallet +✓ signed in as Ada Okafor/);
  assert.doesNotMatch(signedIn, /before the UI/, "the UI draws on the alternate screen");

  tmux("send-keys", "-t", session, "q");
  const after = await screenMatches(session, /exit=0/);
  assert.match(after, /before the UI\n/, "the terminal's own screen is back");
  assert.match(after, /Stopping the sandbox…\nStopped\.\nexit=0/);
  assert.equal(await runningSandbox(dataDir), null, "the data dir is released");
});
