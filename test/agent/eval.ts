import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import type { Resolution } from "../../src/agent/resolver/parameters.ts";
import type { CatalogEntry } from "../../src/agent/resolver/products.ts";
import { resolveQuestion } from "../../src/agent/resolver/resolve.ts";
import { toProductView } from "../../src/storefront/catalog.ts";
import type { Product } from "../../src/storefront/model.ts";
import { EXAMPLE_CLOCK, EXAMPLE_USER, EXAMPLES, type Example, type Expected } from "./examples.ts";

/** The seed catalog as the agent route lists it (read at once: the examples run synchronously). */
export function seedCatalog(): CatalogEntry[] {
  const { products } = JSON.parse(
    readFileSync(new URL("../../fixtures/storefront/products.json", import.meta.url), "utf8"),
  ) as { products: Product[] };
  return products.map(toProductView);
}

export function resolveExample(example: Example, catalog: readonly CatalogEntry[]): Resolution {
  return resolveQuestion(example.question, catalog, { ...EXAMPLE_CLOCK, userName: EXAMPLE_USER });
}

/** What is wrong with a resolution, or undefined when it is what the example expects. */
export function mismatch(expected: Expected, got: Resolution): string | undefined {
  const said = got.refused
    ? "refused"
    : got.answered
      ? `answered: ${got.answered}`
      : `${got.action} ${JSON.stringify(got.parameters)}${got.followUp ? ` asking ${got.followUp.parameter}` : ""}${got.problem ? ` problem: ${got.problem}` : ""}`;
  if ("answered" in expected)
    return got.answered !== undefined &&
      expected.answered.test(got.answered) &&
      expected.problem.test(got.problem ?? "")
      ? undefined
      : said;
  if ("refused" in expected)
    return got.refused && (!expected.problem || expected.problem.test(got.problem ?? "")) ? undefined : said;
  if (got.refused || got.answered !== undefined || got.action !== expected.action) return said;
  if ("problem" in expected) return expected.problem.test(got.problem ?? "") ? undefined : said;
  if ("followUp" in expected)
    return got.followUp?.parameter === expected.followUp &&
      (!expected.parameters || isDeepStrictEqual(got.parameters, expected.parameters))
      ? undefined
      : said;
  if ("note" in expected && expected.note ? !expected.note.test(got.note ?? "") : got.note !== undefined)
    return `${said} note: ${got.note ?? "none"}`;
  return !got.followUp && !got.problem && isDeepStrictEqual(got.parameters, expected.parameters) ? undefined : said;
}

/** Runs the set: each example with what went wrong, if anything. */
export function runExamples(): { example: Example; wrong?: string }[] {
  const catalog = seedCatalog();
  return EXAMPLES.map((example) => ({ example, wrong: mismatch(example.expected, resolveExample(example, catalog)) }));
}
