import type { ActionDefinition } from "../actions/definition.ts";
import { hasDateFills, missingId, windowOf } from "./fill.ts";
import { focusOf } from "./focus.ts";
import { MIN_SCORE, type Reading } from "./rank.ts";
import { type Explanation, hasPeriod } from "./score.ts";

/**
 * The action that returns a list, instead of the best-scoring one, when the question is about part
 * of that list: the action it answers with, the list action looked at (if any), and what the
 * question asks of the list. The rule that swapped is recorded in `explanation.rule`.
 */
export function listInstead(
  first: ActionDefinition,
  reading: Reading,
  actions: readonly ActionDefinition[],
  explanation: Explanation,
) {
  const { question, text, catalog, clock } = reading;
  // A question about part of a list ("spent on Netflix", "my biggest expense") goes to the action that returns the list, not to one that returns totals only.
  // So does one about a payment named by whom it went to ("did my transfer to Mum go through?"), rather than asking for its id.
  const lister =
    first.understanding?.items || !(hasPeriod(first) || missingId(first, question))
      ? undefined
      : actions.find(
          (candidate) =>
            candidate.understanding?.items &&
            (hasPeriod(candidate) || hasDateFills(candidate)) &&
            // A total's question is the list's too ("how much have I paid Netflix?"), whatever the list's own phrases scored.
            // So is one with no id about a time ("did anything fail this month?").
            (hasPeriod(first) ||
              explanation.candidates.some(
                (each) => each.action === candidate.name && each.score > 0 && !each.excluded,
              ) ||
              windowOf({ question, text, catalog, clock, action: candidate }) !== undefined),
        );
  const listed = lister && focusOf(question, text, lister, catalog, clock);
  // An id the question lacks, and a list it names for a time ("every transaction for the last 7 days including the failed ones"): the list.
  const listNamed =
    lister !== undefined &&
    explanation.candidates.some((each) => each.action === lister.name && each.score >= MIN_SCORE && !each.excluded) &&
    windowOf({ question, text, catalog, clock, action: lister }) !== undefined;
  const swap = hasPeriod(first)
    ? listed && (listed.pick || listed.target || listed.status || listed.amounts || listed.leaving)
    : (listed && (listed.target || listed.status)) || listNamed;
  // (A swap is only ever to a lister: both its reasons need one.)
  const action = swap && lister ? lister : first;
  if (action !== first)
    explanation.rule = `asks about part of a list ("${listed?.said || listed?.target}"): ${action.name} returns it`;
  return { action, lister, listed };
}
