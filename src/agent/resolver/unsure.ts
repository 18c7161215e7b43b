import type { ActionDefinition } from "../actions/definition.ts";
import { dayIn } from "./calendar.ts";
import { datedAction, MONEY_ASKED } from "./dated-question.ts";
import { focusOf } from "./focus.ts";
import { fillAll, type Resolution } from "./parameters.ts";
import { MIN_SCORE, type Reading } from "./rank.ts";
import { asksAboutLanguage, asksForHelp, asksToday, capabilities, LANGUAGE_ANSWER, smallTalk } from "./refuse.ts";
import type { Explanation } from "./score.ts";

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
    return {
      action: "none",
      parameters: {},
      answered: talk,
      problem: "Bye! Ask me again whenever you need the cart, your orders or your wallet",
      explanation: { ...explanation, rule: "goodbye" },
    };
  if (talk === "thanks")
    return {
      action: "none",
      parameters: {},
      answered: talk,
      problem: "You're welcome",
      explanation: { ...explanation, rule: "thanks" },
    };
  if (asksToday(text))
    return {
      action: "none",
      parameters: {},
      answered: "a question about today's date",
      problem: `Today is ${longDay(dayIn(clock))} (${clock.timeZone})`,
      explanation: { ...explanation, rule: "today's date, from the clock" },
    };
  if (asksAboutLanguage(text))
    return {
      action: "none",
      parameters: {},
      answered: "a question about the agent",
      problem: `${LANGUAGE_ANSWER}. ${capabilities(actions)}`,
      explanation: { ...explanation, rule: "a question about the agent's languages" },
    };
  if (talk || asksForHelp(text)) {
    const answered = talk ?? "a question about the agent";
    return {
      action: "none",
      parameters: {},
      answered,
      problem: `${talk ? "Hello! " : ""}I'm the built-in agent of this sandbox, not a person. ${capabilities(actions)}`,
      explanation: { ...explanation, rule: answered },
    };
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
