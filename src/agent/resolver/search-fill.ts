import type { FillContext, Found } from "./fill-context.ts";
import { amountFilter } from "./phrases.ts";
import { categoryNamed, matchProduct, significantWords } from "./products.ts";
import { normalize, singular, words } from "./text.ts";

/** What to look for: a product's name when one is named, else the question's product words. */
export function searchValue(context: FillContext): Found | undefined {
  const match = matchProduct(context.text, context.catalog);
  if (match && "product" in match) return { value: match.product.name, because: `catalog: ${match.product.name}` };
  const intent = [...Object.keys(context.action.understanding?.intent ?? {}), context.action.name].sort(
    (a, b) => b.length - a.length,
  );
  // A price limit is no product word ("rice under 50k" looks for rice; the answer says it can't filter by price).
  const amount = amountFilter(context.question);
  let rest = amount ? context.text.replace(normalize(amount).trim(), " ") : context.text;
  for (const phrase of intent) rest = rest.replaceAll(normalize(phrase), " ");
  const said = context.answering ? context.question.trim() : [...new Set(significantWords(rest))].join(" ");
  // "Cooking oil" is in no name, but "oil" is in two: the word the names hold is what the search can find.
  const inNames = (word: string) =>
    context.catalog.some((entry) =>
      words(normalize(entry.name)).some((name) => name === word || singular(name) === word),
    );
  const query =
    said &&
    !context.answering &&
    !context.catalog.some((entry) => entry.name.toLowerCase().includes(said.toLowerCase()))
      ? significantWords(normalize(said)).filter(inNames).join(" ") || said
      : said;
  // The storefront's search matches names only: a category word ("what fruits do you have") would find nothing, so say what the category holds.
  const category = query && !context.answering ? categoryNamed(query, context.catalog) : undefined;
  // The search matches names as text ("fish" finds Stockfish and Crayfish): only a word no name holds is a category's.
  if (category && !context.catalog.some((entry) => entry.name.toLowerCase().includes(query.toLowerCase()))) {
    const names = category.products.map((entry) => entry.name);
    return {
      because: `"${query}" is a category (${category.category}), and the search matches product names`,
      answered: `${category.category} is a catalog category`,
      problem: `${category.category}: ${names.join(", ")} (the catalog search matches product names, so ask for one of them)`,
    };
  }
  if (!query) return undefined;
  // "Una get pepper?": the products the word covers whose names do not hold it are said, since the search matches names.
  const unnamed =
    match && "candidates" in match && !match.weak && !context.answering
      ? match.candidates.filter((entry) => !entry.name.toLowerCase().includes(query.toLowerCase()))
      : [];
  return {
    value: query,
    because: context.answering ? "the answer" : "the product words",
    ...(unnamed.length > 0
      ? {
          note: `Also ${query}: ${unnamed.map((entry) => entry.name).join(", ")} (the search matches names, and ${unnamed.length === 1 ? "its does" : "theirs do"} not hold "${query}")`,
        }
      : {}),
  };
}
