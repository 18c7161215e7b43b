import assert from "node:assert/strict";
import { test } from "node:test";
import { loadActions } from "../../src/agent/actions/definition.ts";
import { actAs } from "../../src/agent/as-app.ts";
import { ask } from "../../src/agent/ask.ts";
import { agentCatalog, DEFAULT_ACTIONS_DIR } from "../../src/agent/target.ts";
import { ControlsClient } from "../../src/client/controls-client.ts";
import { loadDemoUsers } from "../../src/users.ts";
import { SERVICE_TOKEN, startFullSandbox } from "../helpers/agent.ts";

/** The seed's days are set by the clock at seeding: Wednesday 25 November 2026, 10:00 in Lagos. */
const NOW = "2026-11-25T09:00:00Z";

/**
 * The answer answers the question that was asked, from what the call returned: the part of a
 * list that was asked for, an amount held against the balance, the days a window covered, and
 * plainly what no action reads. Each is checked on the seed's data, against a started sandbox.
 */
test("answers say what was asked, from what came back", async (t) => {
  const sandbox = await startFullSandbox(t);
  const controls = new ControlsClient(sandbox.urls.storefront as string);
  await controls.setClock(NOW);
  await controls.reset();
  const [ada] = await loadDemoUsers();
  const servers = {
    urls: sandbox.urls,
    serviceToken: SERVICE_TOKEN,
    walletPrefix: "/api/wallet",
    now: async () => new Date((await controls.clock()).now),
  };
  const { target } = await actAs(servers, ada!);
  const actions = await loadActions(DEFAULT_ACTIONS_DIR);
  const catalog = await agentCatalog(target);
  const answer = async (question: string) =>
    (await ask(question, { actions, target, catalog, timeZone: "Africa/Lagos" })).answer;

  const cases: [string, RegExp][] = [
    // The largest of a list, failed ones left out of what counts.
    [
      "what was my biggest expense last month",
      /^The largest outgoing transaction over the last 30 days \(26 Oct – 25 Nov\): USD → NGN exchange, 1,077\.89 USD on 15 Nov/,
    ],
    // What a merchant was paid, not all spending.
    ["how much did I spend on Netflix this year", /^4 outgoing transactions mentioning "netflix" .*61\.96 USD in all/],
    // Whom money went to, with a failed transfer shown and not counted.
    ["how much have I sent my mum this month", /642\.12 USD in all \(completed ones; 1 not counted\)/],
    // Words of chat are no part of whom it went to ("abeg").
    [
      "my transfer to mum yesterday abeg did it go through?",
      /^1 transaction mentioning "mum" on Tue 24 Nov: Transfer to Mum/,
    ],
    // One status of a list.
    ["which orders are still processing", /^2 orders processing: ORD-7F3K2Q: Processing, .*ORD-K9M4TX: Processing/],
    // Nothing holds what was named, looked for over the last year (no time named): said so, never the total of everything.
    [
      "how much did I spend on groceries",
      /^None of the 45 outgoing transactions over the last year .* mentions "groceries"/,
    ],
    // An amount filter the call cannot make, made on what came back.
    ["list every transaction over $1,000 in the last 90 days", /^6 transactions over \$1,000 over the last 90 days/],
    // The latest, looked for as far back as the action can.
    ["when did I last get my salary", /Salary — Brightwave Labs, 2,483\.75 USD on 28 Oct/],
    // An amount held against the balance.
    ["do I have enough to cover $7,500?", /^Your balance is 7,072\.61 USD\. That is 427\.39 USD short of \$7,500\.$/],
    // A day in the user's time zone: the salary paid at 00:24 Lagos time on the 29th.
    ["what came in on 29 Aug", /^2,566\.16 USD came in on Sat 29 Aug/],
    // A window names its days.
    ["how much did I spend this month", /^Over the last 30 days \(26 Oct – 25 Nov\) you spent 3,165\.14 USD/],
    // What the question leaves out is left out, and the total is of the rest.
    [
      "what I spent last week if you take out the rent",
      /^5 outgoing transactions leaving out 1 mentioning "rent" over the last 7 days \(18 Nov – 25 Nov\), 764\.01 USD in all/,
    ],
    // A status asked of a time, with no id: the list's failed ones.
    [
      "did anything fail this month?",
      /^3 transactions failed over the last 30 days \(26 Oct – 25 Nov\): Transfer to Mum/,
    ],
    // A merchant on a day of this month.
    ["how much was netflix on the 17th", /^1 transaction mentioning "netflix" on Tue 17 Nov, 15\.49 USD in all/],
    // A merchant no line of those days holds: said so.
    ["how much was uber on the 17th", /^None of the 1 transaction on Tue 17 Nov mentions "uber"/],
    // The latest of one status, not every one of it.
    [
      "which of my orders was delivered last?",
      /^The latest order delivered: ORD-2HBW8R: Delivered, 2 × Ijebu Garri \(₦2,800 each\)/,
    ],
    // A merchant written with a typo is the one the lines hold.
    ["when did i last pay netlfix", /^The latest transaction mentioning "netflix" \(you wrote "netlfix"\)/],
    // What no action reads, said plainly.
    ["what's in my cart?", /^I can't see what's in your cart/],
  ];
  for (const [question, expected] of cases)
    await t.test(question, async () => assert.match(await answer(question), expected));
});
