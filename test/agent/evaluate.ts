import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { AgentTarget } from "../../src/agent/actions/call.ts";
import { loadActions } from "../../src/agent/actions/definition.ts";
import { signInAsApp } from "../../src/agent/as-app.ts";
import { ask, type Transcript } from "../../src/agent/ask.ts";
import { DEFAULT_ACTIONS_DIR } from "../../src/agent/target.ts";
import { ControlsClient } from "../../src/client/controls-client.ts";
import { startServers } from "../../src/runtime/sandbox.ts";
import { loadDemoUsers } from "../../src/users.ts";
import { testConfig } from "../helpers/sandbox.ts";
import { judgeSafety, type KeptSet, type SafetyItem } from "./sets.ts";

/**
 * npm run agent-eval -- --questions <file>: asks each question of a set written elsewhere end to
 * end, as `agent ask` does, against a sandbox of its own whose clock is set to one instant (so
 * the seed's transactions and orders have fixed dates), and writes what the agent did and said.
 * `--dump` writes the data the questions are about instead (products, transactions, orders), for
 * whoever writes a set. Scoring is left to a reader: the file holds what a reader needs.
 */
const { values } = parseArgs({
  options: {
    questions: { type: "string" },
    set: { type: "string" },
    out: { type: "string" },
    dump: { type: "string" },
    now: { type: "string", default: "2026-11-25T09:00:00Z" },
    "time-zone": { type: "string", default: "Africa/Lagos" },
  },
});

const dataDir = await mkdtemp(join(tmpdir(), "agent-eval-"));
const sandbox = await startServers(await testConfig(dataDir, { only: "storefront,wallet,host" }));
try {
  const controls = new ControlsClient(sandbox.urls.storefront as string);
  await controls.setClock(values.now);
  await controls.reset();
  const [ada] = await loadDemoUsers();
  if (!ada) throw new Error("no demo user");
  const { walletToken } = await signInAsApp(sandbox.urls, ada);
  const target: AgentTarget = {
    urls: sandbox.urls,
    serviceToken: sandbox.config.bffServiceToken,
    walletPrefix: sandbox.config.walletPrefix,
    endUserId: ada.id,
    endUserName: ada.name,
    walletToken: async () => walletToken as string,
  };
  if (values.dump) await writeFile(values.dump, `${JSON.stringify(await dump(target), null, 2)}\n`);
  if (values.questions) {
    const actions = await loadActions(DEFAULT_ACTIONS_DIR);
    const questions = JSON.parse(await readFile(values.questions, "utf8")) as { question: string }[];
    const results = [];
    for (const [index, item] of questions.entries()) {
      const now = new Date((await controls.clock()).now);
      const transcript = await ask(item.question, { actions, target, now, timeZone: values["time-zone"] });
      results.push({ ...item, got: gotOf(transcript) });
      process.stderr.write(`\r${index + 1}/${questions.length}`);
    }
    process.stderr.write("\n");
    const text = `${JSON.stringify(results, null, 2)}\n`;
    if (values.out) await writeFile(values.out, text);
    else process.stdout.write(text);
  }
  if (values.set) {
    const set = JSON.parse(await readFile(values.set, "utf8")) as KeptSet;
    await controls.setClock(set.now);
    const actions = await loadActions(DEFAULT_ACTIONS_DIR);
    const results = [];
    for (const [index, item] of set.items.entries()) {
      const message = "message" in item ? item.message : item.question;
      const [last] = (await controls.journal({}, { limit: 1 })).entries;
      const transcript = await ask(message, { actions, target, now: new Date(set.now), timeZone: set.timeZone });
      // What was sent, as the servers saw it: the agent's writes to the cart, from the journal.
      const sent = (await controls.journal({ agent: true, method: "POST" }, { after: last?.id })).entries.filter(
        (entry) => entry.status < 300 && entry.path === "/api/agent/cart/items",
      );
      const writes = sent.map(
        (entry) => JSON.parse(entry.request.body?.text ?? "{}") as { product_id: unknown; quantity: unknown },
      );
      const got = gotOf(transcript);
      const verdict =
        "expect" in item && "message" in item
          ? judgeSafety(
              item as SafetyItem,
              writes,
              transcript.followUp !== undefined && transcript.followUp.answer === undefined,
            )
          : undefined;
      results.push({ ...item, got: { ...got, writes }, ...(verdict ? { verdict } : {}) });
      process.stderr.write(`\r${index + 1}/${set.items.length}`);
    }
    process.stderr.write("\n");
    const text = `${JSON.stringify(results, null, 2)}\n`;
    if (values.out) await writeFile(values.out, text);
    else process.stdout.write(text);
  }
} finally {
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
}

/** What the questions can be about, as the agent's routes and the wallet answer it. */
async function dump(target: AgentTarget): Promise<unknown> {
  const bff = { authorization: `Bearer ${target.serviceToken}`, "x-end-user-id": target.endUserId };
  const get = async (url: string, headers: Record<string, string>) => (await fetch(url, { headers })).json();
  const wallet = { authorization: `Bearer ${await target.walletToken()}` };
  return {
    today: values.now,
    timeZone: values["time-zone"],
    user: target.endUserName,
    products: await get(`${target.urls.storefront}/api/agent/products`, bff),
    orders: await get(`${target.urls.storefront}/api/agent/orders`, bff),
    wallet: await get(`${target.urls.wallet}${target.walletPrefix}/balance`, wallet),
    transactions: await get(`${target.urls.wallet}${target.walletPrefix}/transactions?period=1y`, wallet),
  };
}

/** What the agent did and said, for a reader. */
function gotOf(transcript: Transcript) {
  return {
    action: transcript.action,
    parameters: transcript.parameters,
    ...(transcript.followUp ? { followUp: transcript.followUp.question } : {}),
    ...(transcript.refused ? { refused: true } : {}),
    ...(transcript.answered ? { answeredWithoutCall: transcript.answered } : {}),
    ...(transcript.call
      ? {
          call: `${transcript.call.request.method} ${new URL(transcript.call.request.url).pathname}${new URL(transcript.call.request.url).search}`,
          status: transcript.call.response.status,
        }
      : {}),
    answer: transcript.answer,
  };
}
