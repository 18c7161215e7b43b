import type { ActionDefinition } from "../actions/definition.ts";
import { type CatalogEntry, catalogVocabulary } from "./products.ts";
import { CHANGE_WORDS } from "./refuse.ts";
import { normalize, words } from "./text.ts";

const vocabularies = new WeakMap<readonly ActionDefinition[], Set<string>>();

/** Every word the actions' phrases and the catalog use: what a typo is corrected to. */
export function vocabulary(actions: readonly ActionDefinition[], catalog: readonly CatalogEntry[]): Set<string> {
  let known = vocabularies.get(actions);
  if (!known) {
    const phrases = actions.flatMap((action) => [
      ...Object.keys(action.understanding?.intent ?? {}),
      ...Object.values(action.understanding?.parameters ?? {}).flatMap((fill) =>
        "values" in fill ? Object.values(fill.values).flat() : [],
      ),
    ]);
    known = new Set([
      ...phrases.flatMap((phrase) => words(normalize(phrase.replace("{count}", " ")))),
      ...CHANGE_WORDS,
    ]);
    vocabularies.set(actions, known);
  }
  return new Set([...known, ...catalogVocabulary(catalog)]);
}
