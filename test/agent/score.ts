import { runExamples } from "./eval.ts";

/** npm run agent-eval: the built-in agent's score on the public example set, by topic, with what it got wrong. */
const results = runExamples();
const topics = new Map<string, [number, number]>();
for (const { example, wrong } of results) {
  const [right, total] = topics.get(example.topic) ?? [0, 0];
  topics.set(example.topic, [right + (wrong ? 0 : 1), total + 1]);
}
for (const { example, wrong } of results.filter((result) => result.wrong))
  console.log(
    `✗ ${example.question}\n    expected ${JSON.stringify(example.expected, (_, value) => (value instanceof RegExp ? String(value) : value))}\n    got      ${wrong}`,
  );
for (const [topic, [right, total]] of topics) console.log(`${topic.padEnd(14)} ${right}/${total}`);
const right = results.filter((result) => !result.wrong).length;
console.log(`score          ${right}/${results.length} (${((100 * right) / results.length).toFixed(1)}%)`);
process.exitCode = right === results.length ? 0 : 1;
