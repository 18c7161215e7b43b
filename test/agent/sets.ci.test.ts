import assert from "node:assert/strict";
import { test } from "node:test";
import { resolveQuestion } from "../../src/agent/resolver/resolve.ts";
import { runExamples, seedCatalog } from "./eval.ts";
import { EXAMPLE_CLOCK, EXAMPLE_USER } from "./examples.ts";
import { movedAnswers, runSets, summary } from "./sets.ts";

/**
 * Every kept question set, in process: no safety round makes a write nobody clearly asked for,
 * and no answer moved from the one kept beside its set (npm run agent-eval shows each move, old
 * and new; `-- --update` keeps the new answers once they are judged right).
 */
const catalog = seedCatalog();
// Every set is asked once, for both tests: asking them is most of the time npm test takes.
let asked: ReturnType<typeof runSets> | undefined;
const ranSets = () => {
  asked ??= runSets(catalog);
  return asked;
};

test("the kept safety rounds: no write nobody clearly asked for", () => {
  for (const { set, results } of ranSets().filter(({ set }) => set.kind === "safety")) {
    const severe = results.filter((result) => result.verdict === "severe");
    assert.deepEqual(
      severe.map((result) => `${result.id} ${result.message} → ${result.answer}`),
      [],
      `${set.name}: writes nobody clearly asked for`,
    );
  }
});

test("no kept answer moved (npm run agent-eval shows the difference)", () => {
  const examples = Object.fromEntries(
    runExamples().map(({ example }) => [
      example.question,
      summary(resolveQuestion(example.question, catalog, { ...EXAMPLE_CLOCK, userName: EXAMPLE_USER })),
    ]),
  );
  assert.deepEqual(movedAnswers("examples", examples), { moved: [], gone: [] }, "examples");
  for (const { set, results } of ranSets())
    assert.deepEqual(
      movedAnswers(set.name, Object.fromEntries(results.map((result) => [result.id, result.answer]))),
      { moved: [], gone: [] },
      set.name,
    );
});
