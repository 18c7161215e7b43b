#!/usr/bin/env node
// The sandbox's built-in agent as an agent under test: `sandbox run --agent "node examples/agents/builtin-agent.mjs"`.
// It speaks the protocol of docs/agent-testing.md (a JSON line in, a JSON line out, one turn at a
// time) and asks the agent the chat embed runs, on the host app, as the scenario's user. One process
// keeps the conversation: when the agent asks a follow-up question, the next message answers it.
import { createInterface } from "node:readline";

const host = process.env.SANDBOX_HOST_URL;
const user = process.env.SANDBOX_END_USER_ID;
if (!host || !user) {
  console.error("builtin-agent: SANDBOX_HOST_URL and SANDBOX_END_USER_ID are not set: run it with sandbox run --agent");
  process.exit(2);
}

/** The question whose follow-up the agent asked: the next message is its answer. */
let pending;

async function post(path, body) {
  const response = await fetch(`${host}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${answer.error ?? JSON.stringify(answer)}`);
  return answer;
}

async function reply(text) {
  // A fresh identity token each turn, as the user's page gets one: a scenario may move the clock past a token's life.
  const { identity } = await post("/embed/api/identity", { userId: user });
  const asked = pending === undefined ? { question: text } : { question: pending, reply: text };
  const answer = await post("/embed/api/ask", { ...asked, identity, endUser: user });
  pending = answer.followUp ? asked.question : undefined;
  return answer.answer;
}

for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line);
  if (message.type !== "message") continue;
  let text;
  try {
    text = await reply(message.text);
  } catch (error) {
    // What went wrong is the reply, as a chat would say it: a scenario can expect an honest answer.
    text = `Sorry, I could not do that: ${error.message}`;
  }
  process.stdout.write(`${JSON.stringify({ type: "reply", text })}\n`);
}
