import type { ActionDefinition } from "../actions/definition.ts";
import { dayIn } from "./calendar.ts";
import { datedAction, MONEY_ASKED } from "./dated-question.ts";
import { focusOf } from "./focus.ts";
import { fillAll, type Resolution } from "./parameters.ts";
import { MIN_SCORE, type Reading } from "./rank.ts";
import { AGENT_INTRO, asksForHelp, asksToday, capabilities } from "./refuse.ts";
import type { Explanation } from "./score.ts";
import { smallTalk } from "./small-talk.ts";

/**
 * What the agent says when no action is sure enough: thanks and greetings answered, a question
 * about the agent answered with what it can do, a question naming days read by the action that
 * takes dates (and what it asks about picked from the list); anything else refused with `refuse`.
 */
export function answerUnsure(
  reading: Reading,
  actions: readonly ActionDefinition[],
  explanation: Explanation,
  refuse: (rule: string, why: string) => Resolution,
): Resolution {
  const { question, text, catalog, clock } = reading;
  const talk = smallTalk(text);
  if (talk === "goodbye")
    return answeredWithout(
      talk,
      "Bye! Ask me again whenever you need the cart, your orders or your wallet",
      explanation,
      "goodbye",
    );
  if (talk === "thanks") return answeredWithout(talk, "You're welcome", explanation, "thanks");
  if (asksToday(text))
    return answeredWithout(
      "a question about today's date",
      `Today is ${longDay(dayIn(clock))} (${clock.timeZone})`,
      explanation,
      "today's date, from the clock",
    );
  if (talk || asksForHelp(text)) {
    const answered = talk ?? "a question about the agent";
    return answeredWithout(answered, `${talk ? "Hello! " : ""}${AGENT_INTRO}. ${capabilities(actions)}`, explanation);
  }
  const dated = datedAction(actions, { question, text, catalog, clock });
  if (dated) {
    const filled = fillAll(
      dated.action,
      { question, text, catalog, clock, action: dated.action },
      {},
      {
        ...explanation,
        rule: `no action scores ${MIN_SCORE} or more, and the question names days ("${dated.said}"): the action that takes dates`,
      },
    );
    // What the days' list is asked about ("how much was netflix on the 17th") is picked from it, or said to be in none of it.
    const focus = filled.problem ? undefined : focusOf(question, text, dated.action, catalog, clock);
    if (focus?.words && !focus.target && MONEY_ASKED.test(text)) focus.target = focus.words.join(" ");
    return focus ? { ...filled, focus } : filled;
  }
  return refuse(`no action scores ${MIN_SCORE} or more`, "I can't help with that here, and nothing was sent");
}

/** "Wednesday 25 November 2026" for a YYYY-MM-DD day (read at its noon in UTC, so the day is the one given). */
function longDay(day: string): string {
  const format = { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" } as const;
  return new Intl.DateTimeFormat("en-GB", format).format(new Date(`${day}T12:00:00Z`)).replace(",", "");
}

/** An answer with no call: what the message was, what is said to it, and the rule that said it (for --explain). */
export function answeredWithout(
  answered: string,
  problem: string,
  explanation: Explanation,
  rule: string = answered,
): Resolution {
  return { action: "none", parameters: {}, answered, problem, explanation: { ...explanation, rule } };
}
