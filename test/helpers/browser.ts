import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestContext } from "node:test";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { closeWhenDone } from "./deadline.ts";

/** Debian's chromium, which .ci/run installs; no test downloads a browser. */
export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Skips the test (and says how to run it) when chromium is not installed; true when it is. */
export function chromiumOrSkip(t: TestContext): boolean {
  if (existsSync(CHROMIUM)) return true;
  t.skip(`${CHROMIUM} not found: install Debian's chromium package (apt-get install chromium) to run this test`);
  return false;
}

/** Chromium on a fresh profile, closed (and the profile removed) when the test ends. */
export async function launchChromium(t: TestContext, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  const profile = await mkdtemp(join(tmpdir(), "sandbox-chromium-"));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport,
  });
  closeWhenDone(t, "chromium's close()", () => browser.close());
  // After the close (hooks run in the order they are added): chromium may still be writing its profile until then.
  t.after(() => rm(profile, { recursive: true, force: true, maxRetries: 5 }));
  return browser;
}

/** A console error or a CSP violation, in any frame of a page. */
export interface PageProblem {
  text: string;
  /** The document (or resource) it is about. */
  url: string;
}

/**
 * Collects the console errors, uncaught exceptions and CSP violations of every page of the
 * browser, in every frame. A violation is reported through the console by a script that
 * Playwright injects before the page's own (the page's CSP does not apply to it).
 */
export async function watchProblems(browser: BrowserContext): Promise<PageProblem[]> {
  const problems: PageProblem[] = [];
  // A string: the project's types have no DOM (the code runs in the page, not in Node).
  await browser.addInitScript(`document.addEventListener("securitypolicyviolation", (event) => {
    console.error("CSP violation: " + event.violatedDirective + " blocked " + (event.blockedURI || "inline code") + " in " + event.documentURI);
  });`);
  const watch = (page: Page) => {
    page.on("console", (message) => {
      if (message.type() === "error") problems.push({ text: message.text(), url: message.location().url });
    });
    page.on("pageerror", (error) => problems.push({ text: `uncaught: ${error.message}`, url: page.url() }));
  };
  browser.pages().forEach(watch);
  browser.on("page", watch);
  return problems;
}
