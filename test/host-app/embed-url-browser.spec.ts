import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { chromiumOrSkip, launchChromium, watchProblems } from "../helpers/browser.ts";
import { lines, tempDir } from "../helpers/cli.ts";
import { startEmbedSandbox } from "../helpers/embed.ts";
import { runInProcess } from "../helpers/in-process.ts";

type Hooks = Parameters<typeof tempDir>[0];

const SPENT = /spent [\d,]+\.\d\d [A-Z]{3}/;

/**
 * A chat opened from `sandbox embed-url` in a real browser, on a sandbox where no app has
 * registered anyone's agent sessions: it never ends at "No active session" without a way on.
 * Each case has a user of its own, so that one case's sessions are not another's.
 */
test("an embed-url chat that finds no session says what is missing and how to register", {
  timeout: 90_000,
}, async (t) => {
  if (!chromiumOrSkip(t)) return;
  const sandbox = await startEmbedSandbox(t);
  const browser = await launchChromium(t);
  const problems = await watchProblems(browser);
  const page: Page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(10_000);

  /** Runs the CLI in-process, in a temp dir (no sandbox.config.json applies), as a person would type it. */
  const sandboxCli = async (t: Hooks, args: string[]) => {
    const result = await runInProcess(args, { cwd: await tempDir(t) });
    assert.equal(result.code, 0, result.stderr);
    return result;
  };
  /** The URL `embed-url` prints for the user, on this sandbox. */
  const embedUrl = async (t: Hooks, user: string, ...more: string[]) => {
    const result = await sandboxCli(t, [
      "embed-url",
      "--data-dir",
      sandbox.dataDir,
      "--user",
      user,
      "--mode",
      "drawer",
      ...more,
    ]);
    assert.equal(lines(result.stdout).length, 1, result.stdout);
    return result.stdout.trim();
  };
  /** Opens the URL and asks about spending: the chat then holds the greeting and the answer. */
  const openAndAsk = async (url: string): Promise<Page> => {
    await page.goto(url, { waitUntil: "load" });
    await ask(page, 2);
    return page;
  };
  /** Asks about spending and waits for the answer, the chat's `count`th message of the agent's. */
  const ask = async (chat: Page, count: number) => {
    const input = chat.getByRole("textbox");
    await input.fill("how much did I spend this month?");
    await input.press("Enter");
    await chat
      .locator(".message--agent")
      .nth(count - 1)
      .waitFor();
  };
  const lastAnswer = (chat: Page) => chat.locator(".message--agent").last();

  await t.test(
    "without --register: the answer names the command; running it makes the next question answer",
    async (t) => {
      const chat = await openAndAsk(await embedUrl(t, "ada@example.com"));
      const answer = lastAnswer(chat);
      assert.equal(
        await answer.locator(".message__text").innerText(),
        "No active session for this user: the app has not registered Ada Okafor's agent session with the host app (an app does so after login), so the agent cannot reach the wallet.",
      );
      const command = await answer.locator(".register__command").innerText();
      assert.equal(
        command,
        `npx sandbox embed-url --user ada@example.com --mode drawer --register --data-dir ${sandbox.dataDir}`,
      );
      assert.match(
        await answer.innerText(),
        new RegExp(
          `Or in the terminal UI \\(npx sandbox ui --data-dir ${sandbox.dataDir}\\): sign in as Ada Okafor \\(key 1\\), then press r on the Sessions screen \\(key 4\\)\\.`,
        ),
      );
      assert.equal(await answer.getByRole("button").count(), 0, "no register button outside a preview");

      // The printed step, as pasted into a terminal (the temp data dir has no space to quote).
      const ran = await sandboxCli(t, command.replace(/^npx sandbox /, "").split(" "));
      assert.match(ran.stderr, /registered the host app's agent session/);
      await ask(chat, 3);
      assert.match(await lastAnswer(chat).locator(".message__text").innerText(), SPENT);
    },
  );

  await t.test(
    "with --session (a preview): the answer offers the button; a click makes the next question answer",
    async (t) => {
      const chat = await openAndAsk(await embedUrl(t, "tunde@example.com", "--session", "preview-1"));
      const answer = lastAnswer(chat);
      assert.match(await answer.locator(".message__text").innerText(), /^No active session for this user: /);
      assert.equal(await answer.locator(".register__command").count(), 0);
      await answer.getByRole("button", { name: "Register sessions as the app would" }).click();
      await chat.getByText(/Sessions registered \(storefront, host\)/).waitFor();
      await ask(chat, 3);
      assert.match(await lastAnswer(chat).locator(".message__text").innerText(), SPENT);
    },
  );

  await t.test("made with --register: the first question answers", async (t) => {
    const chat = await openAndAsk(await embedUrl(t, "ngozi@example.com", "--register"));
    assert.match(await lastAnswer(chat).locator(".message__text").innerText(), /spent [\d,]+\.\d\d NGN/);
  });

  await t.test("no console errors and no CSP violations", () => {
    assert.deepEqual(problems, []);
  });
});
