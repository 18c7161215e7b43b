import assert from "node:assert/strict";
import { test } from "node:test";
// @ts-expect-error: har-validator ships no types; it is the HAR 1.2 schema's own validator.
import validateHar from "har-validator";
import { asAgent, loginAt, startFullSandbox } from "../helpers/agent.ts";
import { runInProcess } from "../helpers/in-process.ts";
import { ADA, tempDir } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 60_000 };

interface Har {
  log: {
    version: string;
    entries: {
      request: { method: string; url: string; postData?: { text: string }; headers: { name: string; value: string }[] };
      response: { status: number; statusText: string; content: { mimeType: string; text?: string } };
      comment?: string;
    }[];
  };
}

test(
  "journal --har and ?format=har give the journal as HAR 1.2 that a HAR validator accepts, secrets masked",
  TIMEOUT,
  async (t) => {
    const dataDir = await tempDir(t);
    const sandbox = await startFullSandbox(t, {}, dataDir);
    const storefront = sandbox.urls.storefront!;
    await loginAt(storefront);
    await asAgent(storefront, "/api/agent/orders", ADA.id);

    const result = await runInProcess(["journal", "--har", "--data-dir", dataDir]);
    assert.equal(result.code, 0, result.stderr);
    const har = JSON.parse(result.stdout) as Har;
    await validateHar.har(har); // Rejects with the errors when the document is not HAR 1.2.
    assert.equal(har.log.version, "1.2");
    const [login, orders] = har.log.entries;
    assert.equal(login?.request.method, "POST");
    assert.equal(login?.request.url, `${storefront}/api/auth/login`);
    assert.match(
      login?.request.postData?.text ?? "",
      /"password":"\*\*\*"/,
      "the password is masked as in the journal",
    );
    assert.equal(login?.response.status, 200);
    assert.equal(login?.response.statusText, "OK");
    assert.doesNotMatch(JSON.stringify(har), /eyJ[\w-]+\.[\w-]+\.[\w-]+/, "no token is in it");
    assert.equal(orders?.request.url, `${storefront}/api/agent/orders`);
    assert.match(orders?.response.content.mimeType ?? "", /application\/json/);
    assert.equal(orders?.comment, `user ${ADA.id}, sent by the agent`);

    // The control answers the same document, filtered as the journal is.
    const answer = await fetch(`${storefront}/__sandbox/journal?format=har&agent=true`);
    assert.equal(answer.status, 200);
    const filtered = (await answer.json()) as Har;
    await validateHar.har(filtered);
    assert.deepEqual(
      filtered.log.entries.map((entry) => entry.request.url),
      [`${storefront}/api/agent/orders`],
    );

    const bad = await fetch(`${storefront}/__sandbox/journal?format=xml`);
    assert.equal(bad.status, 400);
    const follow = await runInProcess(["journal", "--har", "--follow", "--data-dir", dataDir]);
    assert.equal(follow.code, 2);
    assert.match(follow.stderr, /--har writes one HAR document/);
  },
);
