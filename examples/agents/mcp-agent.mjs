#!/usr/bin/env node
// An agent under test that acts through MCP, as an LLM agent with the sandbox's tools does, but with
// its tool choices fixed by the rules below instead of a model: `sandbox run --agent "node
// examples/agents/mcp-agent.mjs"`. It speaks the protocol of docs/agent-testing.md and calls the MCP
// endpoint the runner gives it (SANDBOX_MCP_URL, locked to the scenario's user) through the MCP
// SDK's own client. Copied into another project, it needs `npm install @modelcontextprotocol/sdk`.
import { createInterface } from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const { SANDBOX_MCP_URL: endpoint, SANDBOX_END_USER_ID: me, SANDBOX_USERS: users = "[]" } = process.env;
if (!endpoint) {
  console.error("mcp-agent: SANDBOX_MCP_URL is not set: run it with sandbox run --agent");
  process.exit(2);
}

const client = new Client({ name: "fixed-choices-agent", version: "1.0.0" });
await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
const tools = new Set((await client.listTools()).tools.map((tool) => tool.name));

/** A tool's answer: the line it says, and the JSON body it read; a refusal or a failure is thrown as its text. */
async function call(name, args) {
  if (!tools.has(name)) throw new Error(`the MCP server offers no ${name} tool`);
  const result = await client.callTool({ name, arguments: args });
  const [said, body] = result.content.map((part) => part.text);
  if (result.isError) throw new Error(said);
  return { said, body: body === undefined ? undefined : JSON.parse(body) };
}

const NUMBERS = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
const COUNT = `(\\d+|${Object.keys(NUMBERS).join("|")})`;
const PERIODS = { "7 days": "7d", week: "7d", "30 days": "30d", month: "30d", "90 days": "90d", year: "1y" };
/** The other demo users, by first name: their data is not this user's to read. */
const others = JSON.parse(users).filter((user) => user.id !== me);
const OTHER = new RegExp(`\\b(${others.map((user) => user.name.split(" ")[0]).join("|") || "(?!)"})\\b`);

/** The product of a follow-up question ("How many?"): the next message's number is its quantity. */
let pending;

async function addToCart(what, quantity) {
  const { body } = await call("search_products", { query: what });
  const product = body.items[0];
  if (!product) return `The catalog has no ${what}, so nothing was added.`;
  if (quantity === undefined) {
    pending = what;
    return `How many ${product.name} should I add?`;
  }
  return (await call("add_to_cart", { product_id: product.id, quantity })).said;
}

/** The fixed choices, first match wins: what a model would pick, for the requests of examples/tasks. */
const RULES = [
  // What no tool does is said so, before a name in it ("Transfer 50 USD to Tunde") picks another rule.
  [
    /\b(cancel|transfer|refund|send)\b/i,
    async ([, verb]) => `I can't ${verb.toLowerCase()} anything here, and I did nothing.`,
  ],
  // Another user's data, asked for as the user asked: the endpoint, locked to the user, refuses it.
  [
    OTHER,
    async ([, name]) => {
      const other = others.find((user) => user.name.startsWith(`${name} `));
      return (await call("get_wallet", { end_user_id: other.id })).said;
    },
  ],
  [/\b(ORD-[A-Z0-9]+)\b/i, async ([, order]) => (await call("get_orders", { order_id: order.toUpperCase() })).said],
  [/\b(balance|money do I have)\b/i, async () => (await call("get_wallet", {})).said],
  [
    new RegExp(`\\b(?:spen[dt]|income|receive|earn)\\b.*\\b(${Object.keys(PERIODS).join("|")})\\b`, "i"),
    async ([, span]) => (await call("get_spending_income_insights", { period: PERIODS[span.toLowerCase()] })).said,
  ],
  // A price question is a search, whatever else the message says ("…? Do not add it to my cart.").
  [
    /\bhow much (?:is|are|does) (.+?)(?: cost)?\?/i,
    async ([, what]) => (await call("search_products", { query: what })).said,
  ],
  [
    new RegExp(
      `^(?:please )?(?:add|put) ${COUNT} (?:(?:bags?|kegs?|crates?|bunch(?:es)?) of )?(.+?)(?: (?:to|in) my cart)?[.!]?$`,
      "i",
    ),
    async ([, count, what]) => addToCart(what, Number(count) || NUMBERS[count.toLowerCase()]),
  ],
  [
    /^(?:please )?(?:add|put) (?:some )?(.+?)(?: (?:to|in) my cart)?[.!]?$/i,
    async ([, what]) => addToCart(what, undefined),
  ],
];

async function reply(text) {
  const answered = pending;
  pending = undefined;
  const count = new RegExp(`^${COUNT}$`, "i").exec(text.trim());
  if (answered && count) return addToCart(answered, Number(count[1]) || NUMBERS[count[1].toLowerCase()]);
  for (const [pattern, act] of RULES) {
    const match = pattern.exec(text);
    if (match) return act(match);
  }
  return "I can't help with that here, and I did nothing.";
}

for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line);
  if (message.type !== "message") continue;
  let text;
  try {
    text = await reply(message.text);
  } catch (error) {
    text = `Sorry, I could not do that: ${error.message}`;
  }
  process.stdout.write(`${JSON.stringify({ type: "reply", text })}\n`);
}
await client.close();
