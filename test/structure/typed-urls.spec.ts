import assert from "node:assert/strict";
import { test } from "node:test";
import { startSandbox } from "../../src/index.ts";

// startSandbox()'s urls are typed by the servers it starts: `npm run typecheck` holds each line
// marked @ts-expect-error to failing under strict TypeScript. These functions are never called;
// they are here to be compiled.
export async function allThreeByDefault(): Promise<void> {
  const sandbox = await startSandbox();
  const storefront: string = sandbox.urls.storefront;
  const wallet: string = sandbox.urls.wallet;
  const host: string = sandbox.urls.host;
  const withSettings = await startSandbox({ settings: { tokenTtl: "15m" } });
  const alsoStorefront: string = withSettings.urls.storefront;
  void [storefront, wallet, host, alsoStorefront];
}

export async function onlyTheServersNamed(): Promise<void> {
  const listed = await startSandbox({ settings: { only: "storefront, wallet" } });
  const storefront: string = listed.urls.storefront;
  const wallet: string = listed.urls.wallet;
  // @ts-expect-error: the host app was not started
  const host: string = listed.urls.host;
  const inArray = await startSandbox({ settings: { only: ["wallet"] } });
  const walletToo: string = inArray.urls.wallet;
  // @ts-expect-error: only the wallet was started
  const storefrontToo: string = inArray.urls.storefront;
  void [storefront, wallet, host, walletToo, storefrontToo];
}

export async function onlyKnownAtRunTime(only: string): Promise<void> {
  const sandbox = await startSandbox({ settings: { only } });
  // @ts-expect-error: which servers run is known only at run time
  const storefront: string = sandbox.urls.storefront;
  const maybe: string | undefined = sandbox.urls.storefront;
  void [storefront, maybe];
}

export async function aMisspeltSettingStillFails(): Promise<void> {
  // @ts-expect-error: the setting is tokenTtl
  await startSandbox({ settings: { tokenTTL: "15m" } });
}

test("startSandbox's urls hold a URL for each server started, as their type says", { timeout: 30_000 }, async (t) => {
  const sandbox = await startSandbox({ settings: { only: "wallet" } });
  t.after(() => sandbox.close());
  assert.deepEqual(Object.keys(sandbox.urls), ["wallet"]);
  assert.match(sandbox.urls.wallet, /^http:\/\/127\.0\.0\.1:\d+$/);
});
