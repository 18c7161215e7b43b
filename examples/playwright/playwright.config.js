import { defineConfig } from "@playwright/test";

export default defineConfig({
  workers: 2, // each with its own sandbox (fixtures.js)
  expect: { timeout: 10_000 }, // a chat's round trip, on a busy CI machine
  use: {
    browserName: "chromium",
    // The system's Chromium (Debian's chromium package), as this repository's own browser tests use it.
    // For Playwright's own build instead, drop launchOptions and run `npx playwright install chromium`.
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    },
  },
});
