import type { ActionDefinition } from "../actions/definition.ts";
import { type CatalogEntry, catalogVocabulary } from "./products.ts";
import { CHANGE_WORDS } from "./refuse.ts";
import { normalize, words } from "./text.ts";

/** Months, days and units of time: "decmber" is December, "monts" months. */
const CALENDAR_WORDS =
  "january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday days weeks months years yesterday today".split(
    " ",
  );

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
    // What a list's elements may be asked by ("still procesing") is read like the actions' phrases.
    const statuses = actions.flatMap((action) =>
      Object.entries(action.understanding?.items?.statuses ?? {}).flatMap(([status, said]) => [status, ...said]),
    );
    known = new Set([
      ...[...phrases, ...statuses].flatMap((phrase) => words(normalize(phrase.replace("{count}", " ")))),
      ...CHANGE_WORDS,
      ...CALENDAR_WORDS,
    ]);
    vocabularies.set(actions, known);
  }
  return new Set([...known, ...catalogVocabulary(catalog)]);
}
