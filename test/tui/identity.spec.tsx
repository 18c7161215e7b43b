import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeJwt } from "jose";
import { signIdentity } from "../../src/identity/index.ts";
import { KEY, type RenderedTui, renderTui, startUiSandbox, uiSettings } from "../helpers/tui.tsx";

/** Box-drawing characters: none may sit inside a URL meant to be copied. */
const BOX_CHARACTERS = /[\u2500-\u257f]/;

async function signInAsAda(ui: RenderedTui): Promise<void> {
  await ui.waitFor("Ada Okafor");
  await ui.press(KEY.enter);
  await ui.waitFor("wallet     ✓ signed in as Ada");
  await ui.press("5");
}

/** Gives a text field the keyboard (its key). */
async function focusField(ui: RenderedTui, key: string): Promise<void> {
  await ui.press(key);
  assert.ok(ui.services.store.state.editing, "the field has the keyboard");
}

/** Keys into the field that has the keyboard, then Enter (the field reads its value when Enter comes). */
async function submit(ui: RenderedTui, ...keys: string[]): Promise<void> {
  await ui.press(...keys, KEY.enter);
}

/** Pastes text into the field that has the keyboard: one write, as a terminal sends a paste. */
const paste = (ui: RenderedTui, text: string) => submit(ui, text);

/** The URL printed under `label:` (it may wrap over several lines), joined back together. */
function urlUnder(frame: string, label: string): string {
  const lines = frame.split("\n");
  const start = lines.findIndex((line) => line.trim() === `${label}:`);
  const urlLines: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.endsWith(":") || line.startsWith(" Each URL")) break;
    urlLines.push(line);
  }
  assert.ok(
    urlLines.every((line) => !BOX_CHARACTERS.test(line) && line === line.trim()),
    `no box character and no padding around ${label}'s URL:\n${frame}`,
  );
  return urlLines.join("");
}

test("identity: a token for the signed-in user, decoded and counting down; the embed URLs carry it; a pasted token is verified", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  const ada = sandbox.users.find((user) => user.email === "ada@example.com")!;
  await signInAsAda(ui);
  // Signed on the UI's time, which stands still until the test moves it.
  let frame = await ui.waitFor(/expires in 10m \(/);
  assert.match(frame, new RegExp(`Embed identity for Ada Okafor \\(${ada.id}\\) · signed in`));
  assert.match(frame, /Header {2}\{"alg":"HS256","typ":"JWT"\}/);
  assert.match(frame, new RegExp(`sub +"${ada.id}"`));
  assert.match(frame, /iss +"sandbox-host"/);
  ui.time.advance(1000);
  await ui.waitFor(/expires in 9m 59s \(/);

  // Cycling through the demo users and back to Ada: she is still the one signed in.
  await ui.press(KEY.right);
  await ui.waitFor("Embed identity for Tunde");
  await ui.press(KEY.left);
  await ui.waitFor(`Embed identity for Ada Okafor (${ada.id}) · signed in`);

  await ui.press("e");
  frame = await ui.waitFor("launcher:");
  // Ink breaks a long line with real line breaks: the screen says so, with a command that prints the same URL whole.
  assert.match(
    frame.replace(/\s*\n\s*/g, " "),
    /Each URL is on one line, but the screen breaks it at its edge: widen the terminal to copy it whole, or print it with:/,
  );
  assert.match(
    frame,
    new RegExp(
      `^npx sandbox embed-url --embed-base ${sandbox.urls.host}/embed --user ada@example.com --mode drawer$`,
      "m",
    ),
  );
  for (const mode of ["drawer", "launcher"]) {
    const url = new URL(urlUnder(frame, mode));
    assert.equal(url.searchParams.get("mode"), mode);
    assert.equal(url.searchParams.get("endUser"), ada.id);
    assert.equal(decodeJwt(url.searchParams.get("identity")!).sub, ada.id);
    assert.equal(`${url.origin}${url.pathname}`, `${sandbox.urls.host}/embed`);
  }

  const good = (await signIdentity({ secret: sandbox.secrets.signingSecret, subject: ada.id })).token;
  await focusField(ui, "v");
  await ui.press(KEY.enter);
  await ui.waitFor("Paste a token first");
  await focusField(ui, "v");
  // Spaces around a paste (a selection that took them) are not part of the token.
  await paste(ui, `  ${good} `);
  frame = await ui.waitFor("✓ valid");
  assert.match(frame, new RegExp(`✓ valid: sub ${ada.id} \\(Ada Okafor\\), expires in`));

  const [header, payload, signature] = good.split(".");
  const tampered = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`;
  await focusField(ui, "v");
  await paste(ui, tampered);
  frame = await ui.waitFor("✗ invalid");
  assert.match(frame, /✗ invalid: bad signature: the token was signed with another secret/);
});

test("identity: not signed in, the screen asks for a user; ←/→ chooses one; a short TTL runs out and says expired", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await ui.waitFor("Ada Okafor");
  await ui.press("5");
  let frame = await ui.waitFor("not signed in. Choose a demo user with ←/→");
  assert.doesNotMatch(frame, /Token|expires in/);
  await ui.press(KEY.right);
  frame = await ui.waitFor(/expires in/);
  const first = sandbox.users[0]!;
  assert.match(frame, new RegExp(`Embed identity for ${first.name} \\(${first.id}\\)`));
  await ui.press(KEY.right);
  await ui.waitFor(`Embed identity for ${sandbox.users[1]!.name}`);
  await focusField(ui, "t");
  await ui.press(KEY.backspace, KEY.backspace, KEY.backspace);
  await submit(ui, ..."1s");
  await ui.waitFor("expires in 1s (");
  ui.time.advance(3000);
  frame = await ui.waitFor("expired 2s ago");
  assert.match(frame, new RegExp(`sub +"${sandbox.users[1]!.id}"`));
});

test("identity: a TTL without its unit and a reserved claim are errors in place; fixing them signs again", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox));
  await signInAsAda(ui);
  await ui.waitFor("expires in");
  await focusField(ui, "t");
  await ui.press(KEY.backspace, KEY.backspace, KEY.backspace);
  await submit(ui, ..."10");
  let frame = await ui.waitFor("✗ The TTL must be a duration with its unit");
  assert.doesNotMatch(frame, /expires in|Header/);

  await focusField(ui, "t");
  await submit(ui, ..."m");
  await ui.waitFor("expires in");
  await focusField(ui, "c");
  await submit(ui, ..."plan=pro sub=someone");
  frame = await ui.waitFor('✗ The claim "sub" cannot be set');
  await focusField(ui, "c");
  await submit(ui, ...Array<string>(20).fill(KEY.backspace), ..."plan");
  frame = await ui.waitFor("✗ Claims are name=value pairs, space-separated (such as role=admin)");
  assert.doesNotMatch(frame, /--claim/);
  await focusField(ui, "c");
  await submit(ui, ...Array<string>(4).fill(KEY.backspace), ..."plan=pro sub=someone");
  await ui.waitFor('✗ The claim "sub" cannot be set');
  await focusField(ui, "c");
  await submit(ui, ...Array<string>(12).fill(KEY.backspace));
  frame = await ui.waitFor(/plan +"pro"/);
  assert.match(frame, /expires in/);
});

test("identity: without an embed base the URLs view says why", async (t) => {
  const sandbox = await startUiSandbox(t);
  const ui = renderTui(t, uiSettings(sandbox, { embedBase: "" }));
  await signInAsAda(ui);
  await ui.waitFor("expires in");
  await ui.press("e");
  await ui.waitFor("No embed URL: this sandbox has no host app and no embed base was given");
});
