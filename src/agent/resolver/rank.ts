import type { ActionDefinition } from "../actions/definition.ts";
import { isWrite } from "../gate/grant.ts";
import { datedWindow } from "./dated-question.ts";
import { hasDateFills, missingId, windowOf } from "./fill.ts";
import type { FillContext } from "./fill-context.ts";
import { type Explanation, hasPeriod, score } from "./score.ts";

/** Below this score no action is sure enough, and the agent says what it can do instead of guessing. */
export const MIN_SCORE = 2;

/** A question as the resolver reads it: as written, normalized with typos fixed, against the catalog and the user's clock. */
export type Reading = Omit<FillContext, "action">;

/**
 * Which action the question asks for: each action's score, with those left out and why (recorded
 * in `explanation.candidates`, best first), and the best of the rest. Days named in the question
 * leave out an action that takes none; a total asked for days goes to the dated list; a question
 * about a product reads rather than changes unless the change is asked for in so many words.
 */
export function rankActions(reading: Reading, actions: readonly ActionDefinition[], explanation: Explanation) {
  const { question, text, catalog, clock } = reading;
  const scored = actions.map((action) => score(action, question, text, catalog, clock));
  // An action that takes no dates at all is left out of a question naming days (as the actions that take dates read them) when one of those scores.
  const days = actions
    .filter(
      (action) =>
        hasDateFills(action) &&
        scored.some(
          (candidate) => candidate.action === action.name && !candidate.excluded && candidate.score >= MIN_SCORE,
        ),
    )
    .map((action) => windowOf({ question, text, catalog, clock, action }))
    .find((window) => window && !("period" in window));
  const datedBest = Math.max(
    0,
    ...scored
      .filter((candidate) => !candidate.excluded && hasDateFills(actionNamed(actions, candidate.action)))
      .map((candidate) => candidate.score),
  );
  // Of two actions scoring the same, the one that can take the time the question names ("wallet activity for last week").
  const timed = actions.some(
    (action) => (hasPeriod(action) || hasDateFills(action)) && windowOf({ question, text, catalog, clock, action }),
  );
  const reads = (name: string) => (isWrite(actionNamed(actions, name)) ? 0 : 1);
  const takesTime = (name: string) => {
    const action = actionNamed(actions, name);
    return timed && (hasPeriod(action) || hasDateFills(action)) ? 1 : 0;
  };
  // Days named, and an action that would only ask for an id the question does not give ("everything that went through from 28 Sept to 6 Oct").
  const daysNamed = days ?? datedWindow(actions, { question, text, catalog, clock });
  explanation.candidates = scored
    .map((candidate) => {
      const action = actionNamed(actions, candidate.action);
      if (candidate.score <= 0 || candidate.excluded || hasDateFills(action) || hasPeriod(action)) return candidate;
      // Unless it is clearly what was asked ("would I still have $6k left if I paid it today?" is the balance).
      if (days && datedBest >= candidate.score) return { ...candidate, excluded: `takes no dates ("${days.said}")` };
      if (daysNamed && missingId(action, question))
        return {
          ...candidate,
          excluded: `needs an id the question does not give, and it names days ("${daysNamed.said}")`,
        };
      return candidate;
    })
    .filter((candidate) => candidate.score > 0 || candidate.excluded)
    // Of two scoring the same, a read wins over a change: a change needs to be asked for more clearly than anything else.
    .sort(
      (a, b) =>
        b.score - a.score ||
        reads(b.action) - reads(a.action) ||
        takesTime(b.action) - takesTime(a.action) ||
        a.action.localeCompare(b.action),
    );
  // A total asked for days ("how much did I send mummy in November") is the dated list's to answer, with the total's evidence.
  const undated = explanation.candidates.find(
    (candidate) => candidate.excluded?.startsWith("takes no dates") && candidate.score >= MIN_SCORE,
  );
  const datedLister = actions.find((action) => hasDateFills(action) && action.understanding?.items);
  const current = explanation.candidates.find((candidate) => !candidate.excluded);
  if (
    undated &&
    datedLister &&
    (current?.score ?? 0) < undated.score &&
    hasPeriod(actionNamed(actions, undated.action))
  )
    explanation.candidates = [
      { action: datedLister.name, score: undated.score, matched: [`${undated.action}'s phrases, for the days named`] },
      ...explanation.candidates.filter((candidate) => candidate.action !== datedLister.name),
    ];
  const top = explanation.candidates.find((candidate) => !candidate.excluded);
  // A question about a product ("I want the hibiscus leaves, you have am?") changes nothing unless a change is asked for in so many words ("add", "buy", "put … in my cart").
  const read =
    top && actionNamed(actions, top.action).method !== "GET" && asksNotTells(question) && strongest(top) < CHANGE_WEIGHT
      ? explanation.candidates.find(
          (candidate) =>
            !candidate.excluded &&
            candidate.score >= MIN_SCORE &&
            actionNamed(actions, candidate.action).method === "GET",
        )
      : undefined;
  if (read) explanation.rule = `a question, and no change asked for in so many words: ${read.action}, which reads`;
  const best = read ?? top;
  return { best, daysNamed };
}

/** The weight a change must be asked with, by one phrase, when the message is a question. */
export const CHANGE_WEIGHT = 3;

/** Whether a message asks about something rather than telling what to do ("…, you have am?", "do you sell…"). */
function asksNotTells(question: string): boolean {
  return (
    /\?/.test(question) ||
    /^\W*(?:how|what|whats|what's|which|when|where|why|is|are|do|does|did)\b/i.test(question) ||
    /\b(?:do|does|did) (?:you|u|una)\b|\b(?:you|u|una) (?:have|get|sell|stock)\b/i.test(question)
  );
}

/** The weight of the strongest phrase a candidate matched (as `matched` records it: '"add" +4'). */
export function strongest(candidate: Explanation["candidates"][number]): number {
  return Math.max(
    0,
    ...candidate.matched.map((said) => (said.startsWith('"') ? Number(/\+(\d+)$/.exec(said)?.[1] ?? 0) : 0)),
  );
}

/** The action a candidate or resolution names: ranking found it among these actions, so another name is a bug. */
export function actionNamed(actions: readonly ActionDefinition[], name: string): ActionDefinition {
  const action = actions.find((each) => each.name === name);
  if (!action) throw new Error(`The resolver named an action it was not given: ${name}`);
  return action;
}
