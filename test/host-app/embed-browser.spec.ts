import assert from "node:assert/strict";
import { test } from "node:test";
import { EventSource } from "eventsource";
import type { FrameLocator, Page } from "playwright-core";
import { loginAt } from "../helpers/agent.ts";
import { chromiumOrSkip, launchChromium, watchProblems } from "../helpers/browser.ts";
import { identityFor, startEmbedSandbox } from "../helpers/embed.ts";
import { ADA, NGOZI, TUNDE } from "../helpers/sandbox.ts";

interface Cart {
  items: { id: string; quantity: number }[];
}

/**
 * Code that runs in the host page, as strings: the project's types have no DOM. (page.evaluate
 * runs them through the DevTools protocol, which the page's CSP does not govern; waitForFunction
 * would eval them in the page, which the CSP rightly refuses.) The embed is same-origin, so the
 * host page can look into the iframe's document.
 */
const IN_PAGE = {
  embedActiveId: `document.querySelector("iframe")?.contentDocument?.activeElement?.id`,
  widths: `(() => {
    const frame = document.querySelector("iframe").contentWindow;
    return {
      page: [document.documentElement.scrollWidth, innerWidth],
      frame: [frame.document.documentElement.scrollWidth, frame.innerWidth],
      panel: frame.document.getElementById("chat-panel").getBoundingClientRect().width,
    };
  })()`,
};

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test("the chat embed preview in a real browser: the demo host page, both layouts, the agent's loop, refusals", {
  timeout: 90_000,
}, async (t) => {
  if (!chromiumOrSkip(t)) return;
  const sandbox = await startEmbedSandbox(t);
  const { host } = sandbox;
  const browser = await launchChromium(t, DESKTOP);
  const problems = await watchProblems(browser);
  const page = browser.pages()[0] ?? (await browser.newPage());
  // A step that fails should fail in seconds, not hold the file for 30 s each.
  page.setDefaultTimeout(10_000);

  /** The embed inside the host page, once the iframe shows `mode` (for `endUser`, when given). */
  const embedIn = async (hostPage: Page, mode: string, endUser?: string): Promise<FrameLocator> => {
    const chat = hostPage.frameLocator("#embed");
    const user = endUser === undefined ? "" : `[data-end-user="${endUser}"]`;
    await chat.locator(`body[data-mode="${mode}"]${user}`).waitFor({ state: "attached" });
    return chat;
  };
  /** Types a message into the chat and sends it with Enter. */
  const say = async (chat: FrameLocator, text: string) => {
    const input = chat.getByRole("textbox");
    await input.fill(text);
    await input.press("Enter");
  };
  const lastAgentMessage = (chat: FrameLocator) => chat.locator(".message--agent").last();
  /** Waits until the chat has `count` agent messages (the greeting counts) and answers the last one's text. */
  const agentSays = async (chat: FrameLocator, count: number) => {
    await chat
      .locator(".message--agent")
      .nth(count - 1)
      .waitFor();
    return lastAgentMessage(chat).locator(".message__text").innerText();
  };
  const activeId = (hostPage: Page) => hostPage.evaluate<string | undefined>(IN_PAGE.embedActiveId);

  await t.test(
    "the demo host page: pick a user and ask at once; the app registered the sessions on the pick",
    async () => {
      await page.goto(host, { waitUntil: "load" });
      assert.equal(await page.getByRole("heading", { level: 1 }).innerText(), "Your app");
      await page.getByLabel("Signed-in user").selectOption(NGOZI.id);
      const chat = await embedIn(page, "drawer", NGOZI.id);
      assert.match(
        await page.getByRole("status").innerText(),
        /^Signed in: the app registered the agent sessions \(storefront, host\)\. Showing the drawer chat for Ngozi Eze/,
      );
      await say(chat, "how much did I spend this month?");
      assert.match(await agentSays(chat, 2), /spent [\d,]+\.\d\d NGN/);
    },
  );

  await t.test("the launcher: open it, ask about spending", async () => {
    await page.getByLabel("Signed-in user").selectOption(ADA.id);
    await page.getByLabel("Chat layout").selectOption("launcher");
    const chat = await embedIn(page, "launcher", ADA.id);
    assert.equal(await chat.locator("#chat-panel").isHidden(), true, "the launcher starts closed");

    await chat.getByRole("button", { name: "Open chat" }).click();
    assert.equal(await activeId(page), "question", "the input has the focus when the chat opens");
    assert.match(await chat.locator("#chat-subtitle").innerText(), /Ada Okafor/);

    await say(chat, "how much did I spend this month?");
    assert.match(await agentSays(chat, 2), /spent [\d,]+\.\d\d [A-Z]{3}/);
  });

  await t.test("a follow-up question, the reply, the status, and what the agent called", async () => {
    const chat = page.frameLocator("#embed");
    await say(chat, "what's the status of my transfer?");
    assert.match(await agentSays(chat, 3), /Which transaction\?/);
    await say(chat, "txn_ada_0002");
    assert.match(await agentSays(chat, 4), /txn_ada_0002 .*: Failed\./);

    const details = lastAgentMessage(chat).locator("details");
    await details.getByText("What the agent called").click();
    assert.equal(
      await details.locator(".call__request").innerText(),
      `GET ${sandbox.urls.wallet}/api/wallet/transactions/txn_ada_0002`,
    );
    assert.equal(await details.locator(".call__status").innerText(), "200");
    assert.ok((await details.innerText()).includes("Bearer ***"), "the headers are shown redacted");
  });

  await t.test("a product added in the chat arrives on the user's cart stream", async () => {
    const token = await loginAt(sandbox.urls.storefront!, ADA);
    const source = new EventSource(`${sandbox.urls.storefront}/api/cart/stream`, {
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...init?.headers, authorization: `Bearer ${token}` } }),
    });
    t.after(() => source.close());
    const carts: Cart[] = [];
    const first = new Promise<void>((resolve) => source.addEventListener("cart", () => resolve(), { once: true }));
    const rice = new Promise<Cart>((resolve) =>
      source.addEventListener("cart", (event) => {
        const cart = JSON.parse(event.data) as Cart;
        carts.push(cart);
        if (carts.length > 1 && cart.items.some((item) => item.id === "ofada-rice-5kg")) resolve(cart);
      }),
    );
    await first;
    const before = carts[0]?.items.find((item) => item.id === "ofada-rice-5kg")?.quantity ?? 0;

    const chat = page.frameLocator("#embed");
    await say(chat, "add two bags of ofada rice");
    await agentSays(chat, 5);
    const cart = await rice;
    assert.equal(cart.items.find((item) => item.id === "ofada-rice-5kg")?.quantity, before + 2);
    source.close();
  });

  await t.test(
    "the keyboard: Escape closes the launcher's chat, focus returns to its button, Enter opens it again",
    async () => {
      const chat = page.frameLocator("#embed");
      await chat.getByRole("textbox").press("Escape");
      assert.equal(await chat.locator("#chat-panel").isHidden(), true);
      assert.equal(await activeId(page), "opener");
      await page.keyboard.press("Enter");
      assert.equal(await chat.locator("#chat-panel").isVisible(), true);
      assert.equal(await activeId(page), "question");
    },
  );

  await t.test("the drawer: open on load, Escape closes it, a visible button reopens it", async () => {
    await page.getByLabel("Chat layout").selectOption("drawer");
    const chat = await embedIn(page, "drawer");
    // The page's script opens it once loaded: waited for, not read at once (a busy machine loads it later).
    await chat.locator("#chat-panel").waitFor({ state: "visible" });
    await chat.getByRole("textbox").press("Escape");
    assert.equal(await chat.locator("#chat-panel").isHidden(), true);
    const reopen = chat.getByRole("button", { name: "Open chat" });
    assert.equal(await reopen.isVisible(), true);
    assert.equal(await activeId(page), "opener");
    await reopen.click();
    assert.equal(await chat.locator("#chat-panel").isVisible(), true);
  });

  await t.test("not signed in: catalog search works, a user action says to sign in", async () => {
    await page.getByLabel("Signed-in user").selectOption({ label: "Nobody signed in" });
    const chat = page.frameLocator("#embed");
    await chat.locator('body[data-state="anonymous"]').waitFor({ state: "attached" });
    assert.equal(await chat.locator("#chat-subtitle").innerText(), "Not signed in");
    await say(chat, "how much did I spend this month?");
    assert.match(await agentSays(chat, 2), /^Sign in to ask/);
    await say(chat, "do you have plantain?");
    assert.match(await agentSays(chat, 3), /plantain/i);
  });

  await t.test(
    "both layouts at 1280×800 and 390×844: no horizontal scrolling; on a phone the drawer takes the whole width",
    async () => {
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        for (const mode of ["drawer", "launcher"]) {
          await page.goto(host, { waitUntil: "load" });
          await page.getByLabel("Chat layout").selectOption(mode);
          // The page may load the chat twice (its first user's, then the picks it restored): wait for its last word.
          await page.locator("#status", { hasText: `Showing the ${mode} chat for` }).waitFor();
          const chat = await embedIn(page, mode);
          if (mode === "launcher") await chat.getByRole("button", { name: "Open chat" }).click();
          await chat.locator("#chat-panel").waitFor();
          const where = `${mode} at ${viewport.width}×${viewport.height}`;
          // Read once the frame's document is whole, whichever load it is.
          await page.waitForFunction(
            'document.querySelector("iframe").contentDocument?.readyState === "complete" && !!document.querySelector("iframe").contentDocument.getElementById("chat-panel")',
          );
          const widths = await page.evaluate<{ page: number[]; frame: number[]; panel: number }>(IN_PAGE.widths);
          assert.ok(widths.page[0]! <= widths.page[1]!, `the host page scrolls sideways, ${where}: ${widths.page}`);
          assert.ok(widths.frame[0]! <= widths.frame[1]!, `the embed scrolls sideways, ${where}: ${widths.frame}`);
          if (viewport === PHONE)
            assert.equal(Math.round(widths.panel), widths.frame[1], `the panel takes the whole width, ${where}`);
        }
      }
      await page.setViewportSize(DESKTOP);
    },
  );

  await t.test("a tampered endUser and an expired identity: the refusal, no input, and no call", async (t) => {
    const expired = await identityFor(sandbox, ADA.id, { now: new Date(Date.now() - 3600_000), ttlSeconds: 60 });
    const cases = [
      {
        name: "an identity for another user",
        endUser: ADA.id,
        identity: await identityFor(sandbox, TUNDE.id),
        reason: /another user than endUser/,
      },
      { name: "an expired identity", endUser: ADA.id, identity: expired, reason: /expired/ },
    ];
    for (const refusal of cases) {
      await t.test(refusal.name, async () => {
        const after = (await sandbox.controls.journal({}, { limit: 1 })).lastId;
        const query = new URLSearchParams({
          mode: "launcher",
          endUser: refusal.endUser,
          identity: refusal.identity,
          session: "preview-browser",
        });
        const response = await page.goto(`${host}/embed?${query}`, { waitUntil: "networkidle" });
        assert.equal(response?.status(), 401);
        assert.equal(await page.getByRole("heading", { level: 1 }).innerText(), "This chat can't be opened");
        assert.match(await page.getByRole("alert").innerText(), refusal.reason);
        assert.equal(await page.getByRole("textbox").count(), 0, "no chat input at all");
        assert.equal(await page.getByRole("button").count(), 0, "nothing to open");
        const requests = (await sandbox.controls.journal({}, { after })).entries.filter(
          (entry) => !entry.path.startsWith("/__sandbox"),
        );
        assert.deepEqual(
          requests.filter((entry) => entry.service !== "host" || entry.path.startsWith("/embed/api/")),
          [],
          "the page made no call",
        );
      });
    }
  });

  await t.test("a missing or unknown mode: the message lists drawer and launcher", async () => {
    const response = await page.goto(`${host}/embed?mode=sidebar`, { waitUntil: "load" });
    assert.equal(response?.status(), 400);
    const message = await page.getByRole("alert").innerText();
    assert.match(message, /drawer/);
    assert.match(message, /launcher/);
  });

  await t.test("no console errors and no CSP violations", () => {
    // Chromium logs every 4xx load as an error. These are the contract's own answers: the refused
    // and bad-mode pages (401, 400) and the anonymous chat's user action (403 sign_in_required).
    const answered = new Set(["401 /embed", "400 /embed", "403 /embed/api/ask"]);
    const expected = (problem: { text: string; url: string }) => {
      const status = /^Failed to load resource: the server responded with a status of (\d+)/.exec(problem.text)?.[1];
      return status !== undefined && answered.has(`${status} ${new URL(problem.url).pathname}`);
    };
    assert.deepEqual(
      problems.filter((problem) => !expected(problem)),
      [],
    );
  });
});
