import type { ActionDefinition } from "../actions/definition.ts";
import { gateWrites } from "../gate/gate.ts";
import { isWrite } from "../gate/grant.ts";
import { negationAt } from "../gate/negation.ts";
import { type Clock, clockAt, dayIn } from "./calendar.ts";
import { defaultActions } from "./default-actions.ts";
import { hasDateFills, namesId, windowOf } from "./fill.ts";
import { type Focus, focusOf } from "./focus.ts";
import { listInstead } from "./list-instead.ts";
import { otherPerson } from "./other-person.ts";
import { fillAll, type Resolution, type ResolveOptions } from "./parameters.ts";
import { periodDays } from "./period-days.ts";
import { amountFilter, peopleCount, quantityOf } from "./phrases.ts";
import { aliasWords, type CatalogEntry, catalogVocabulary, matchProduct } from "./products.ts";
import { actionNamed, CHANGE_WEIGHT, MIN_SCORE, rankActions, strongest } from "./rank.ts";
import { aboutTheAgent, asksForHelp, CART_ANSWER, capabilities, changeVerb, unreadable } from "./refuse.ts";
import { aboutProductOf, otherRequests, readsCart, splitClauses, trimJoints, withoutChanges } from "./requests.ts";
import { type Explanation, hasPeriod } from "./score.ts";
import { requestPart, withoutPleasantries } from "./story.ts";
import { correctTypos, normalize } from "./text.ts";
import { answeredWithout, answerUnsure } from "./unsure.ts";
import { vocabulary } from "./vocabulary.ts";

/** What an action must score to be asked for in a question about the agent ("what can you do? help me with my orders"). */
const HELP_OVER = 4;

/**
 * Maps a question in plain English to an action, without any model, from the actions'
 * `understanding`: each intent phrase found adds its weight, an id found by a parameter's
 * pattern adds that pattern's weight, a catalog product adds the action's catalog weight; an
 * action that cannot take the dates the question names is left out; the best score wins, and
 * the parameters are filled by their rules. Refused first: a change no action makes ("cancel",
 * "send money"), another person's data, and anything no action scores for.
 */
export function resolveQuestion(
  asked: string,
  catalog: readonly CatalogEntry[],
  options: ResolveOptions = {},
): Resolution {
  const actions = options.actions ?? defaultActions();
  const question = countsAsSaid(asked);
  const resolution = resolveRequest(question, catalog, options);
  // Every write the message would make passes the write rule, read on the message as a whole.
  return gateWrites({
    question,
    resolution,
    catalog,
    actions,
    resolve: (text, only) =>
      resolveRequest(text, catalog, {
        ...options,
        ...(only === "reads" ? { actions: actions.filter((action) => !isWrite(action)) } : {}),
      }),
    changeIn: (text) => changeVerb(text, actions),
  });
}

/** Units a count stands before, for telling a count misheard as a word ("add to bunches") from the word. */
const UNIT_AFTER =
  "(?=\\s+(?:bags?|crates?|bunch(?:es)?|kegs?|bottles?|tubers?|buckets?|baskets?|packs?|heads?|wraps?|birds?|sachets?|cobs?|chickens?|pineapples?|watermelons?|yams?)\\b)";

/**
 * Counts as a dictating phone writes them: "add to bunches" (two), "add for bags" (four),
 * "addone bag" (add one). Only before a pack's unit, where no other reading makes sense.
 */
function countsAsSaid(message: string): string {
  return message
    .replace(new RegExp(`\\b(add|put|buy|get|order)\\s+(?:to|too)${UNIT_AFTER}`, "gi"), "$1 two")
    .replace(new RegExp(`\\b(add|put|buy|get|order)\\s+(?:for)${UNIT_AFTER}`, "gi"), "$1 four")
    .replace(new RegExp(`\\b(add|put|buy|get|order)\\s+(?:won)${UNIT_AFTER}`, "gi"), "$1 one")
    .replace(/\b(add|put|buy|get)(one|two|three|four|five|six|seven|eight|nine|ten|\d+)\b/gi, "$1 $2");
}

/** The resolver's reading of a message, before the write rule: the action and values its words score for. */
function resolveRequest(asked: string, catalog: readonly CatalogEntry[], options: ResolveOptions): Resolution {
  // "One (1) bundle": a count written twice, as forms write it, is one count.
  const question = withoutPleasantries(asked).replace(
    /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*\(\s*\d+\s*\)/gi,
    "$1",
  );
  const actions = options.actions ?? defaultActions();
  const clock = clockAt(options.now, options.timeZone);
  const { text, fixes } = correctTypos(normalize(question), vocabulary(actions, catalog), aliasWords(catalog));
  const explanation: Explanation = { typos: fixes, candidates: [], values: [], timeZone: clock.timeZone };
  const refuse = (rule: string, why: string): Resolution => ({
    action: "none",
    parameters: {},
    refused: true,
    problem: `${why}. ${capabilities(actions)}`,
    explanation: { ...explanation, rule },
  });

  // With a reference of the user's records, the money someone else did not get is still the user's payment ("txn_ada_0012, chidi says he never got his money").
  const ownReference = actions.some((action) => namesId(action, question));
  const person =
    ownReference && /\b(?:his|her|their)\s+money\b/i.test(question)
      ? undefined
      : otherPerson(
          question,
          options.userName,
          (word) => catalogVocabulary(catalog).includes(word) || vocabulary(actions, []).has(word),
        );
  // Someone named in a story around the user's own request ("My daughter has discovered agbalumo… Add 2 packs") asks for no one's data.
  const told = person ? requestPart(question, (piece) => peopleCount(piece) !== undefined) : question;
  const storyOnly = told !== question && !otherPerson(told, options.userName, () => false);
  if (person && !storyOnly)
    return refuse(`another person's data (${person})`, `I can only act for you: I can't look at ${person} data`);
  // The question as written keeps its clauses ("…, refund me"); the corrected text its fixed typos ("cancle").
  const verb = changeVerb(question, actions) ?? changeVerb(text, actions);
  if (verb) {
    // "Add garri and remove the yam": the request an action makes is made, and the change none makes is said.
    const rest = options.oneRequest ? undefined : withoutChanges(question, actions);
    const done = rest === undefined ? undefined : resolveRequest(rest, catalog, { ...options, oneRequest: true });
    if (done && !done.refused && done.answered === undefined && done.action !== "none") {
      // Amounts said beside the change still count against the balance ("rent of $850 and $6,500 to savings — enough for both?").
      const whole =
        done.focus || !/\b(?:enough|afford|cover|short)\b/.test(text)
          ? undefined
          : focusOf(question, text, actionNamed(actions, done.action), catalog, clock);
      return {
        ...done,
        ...(whole?.against ? { focus: whole } : {}),
        note: [`I can't ${verb} here, so that part was not done`, done.note].filter(Boolean).join(". "),
      };
    }
    return refuse(`"${verb}" is a change no action makes`, `I can't ${verb} here, and nothing was sent`);
  }

  // What the message asks, without the story around it ("…? I remember a Jumia refund that day"): read on its own.
  // A part holding an id or a count of people is no story ("I think the reference was ORD-K9M4TX", "I'm cooking for 10 people").
  const request = requestPart(
    question,
    (piece) => actions.some((action) => namesId(action, piece)) || peopleCount(piece) !== undefined,
  );
  // A reference in a story ("I'll call support about ORD-K9M4TX") does not outrank a change asked for in so many words beside it ("meanwhile just add…").
  const bare = request === question ? request : requestPart(question, (piece) => peopleCount(piece) !== undefined);
  // (Only a shorter message is read again: the whole one again would never end.)
  const commanded = bare !== request && bare !== question ? resolveRequest(bare, catalog, options) : undefined;
  // (Its action is "none" when it asks for nothing an action does.)
  const commandedAction = commanded && actions.find((action) => action.name === commanded.action);
  if (commanded && isWrite(commandedAction ?? { method: "GET" }) && !commanded.refused) {
    const top = commanded.explanation?.candidates.find((candidate) => candidate.action === commanded.action);
    if (top && strongest(top) >= CHANGE_WEIGHT) return commanded;
  }
  // …unless, alone, it asks nothing an action reads ("i did two exchanges on the 14th of April, what were the amounts").
  const alone = request === question ? undefined : resolveRequest(request, catalog, options);
  if (alone && !(alone.refused && alone.action === "none" && !alone.answered && !changeVerb(request, actions))) {
    const rule = `read without the story: "${request}"`;
    return alone.explanation
      ? { ...alone, explanation: { ...alone.explanation, rule: alone.explanation.rule ?? rule } }
      : alone;
  }
  const sure = matchProduct(text, catalog);
  if (readsCart(question, text) && !(sure && "product" in sure) && quantityOf(question) === undefined)
    return answeredWithout("a read of the cart, which no action makes", CART_ANSWER, explanation, "a read of the cart");
  const about = aboutTheAgent(text);
  if (about)
    return answeredWithout(
      "a question about the agent",
      `${about.said}. ${capabilities(actions)}`,
      explanation,
      about.rule,
    );
  const unread = unreadable(text);
  if (unread)
    return answeredWithout(
      `a read of ${unread}, which no action makes`,
      `I can't read ${unread}: none of my actions does, so nothing was sent. ${capabilities(actions)}`,
      explanation,
      `a read of ${unread}`,
    );
  const reading = { question, text, catalog, clock };
  const { best, daysNamed } = rankActions(reading, actions, explanation);
  // "What can you actually do for me? Can you help with my shopping?": about the agent, unless an action is clearly asked for.
  if (!best || best.score < MIN_SCORE || (best.score < HELP_OVER && asksForHelp(text)))
    return answerUnsure(reading, actions, explanation, refuse);
  const first = actionNamed(actions, best.action);
  const { action, lister, listed } = listInstead(first, reading, actions, explanation);
  // Read as the scores chose it: a clause of the total's phrases ("how much have I paid") is this request, whichever action answers it.
  const others = options.oneRequest
    ? []
    : otherRequests(question, first, actions, catalog, clock).filter((other) => other.action !== action);
  if (others.length > 0) {
    // One call per question: the rest is said, not dropped ("… and what's my balance?"). A change waits for a read ("add eggs and what's my balance" reads the balance).
    const own = trimJoints(others.reduce((rest, { clause }) => rest.replace(clause, " "), question));
    const read = action.method !== "GET" ? others.find((other) => other.action.method === "GET") : undefined;
    // "Don't put palm oil in my cart, just tell me the price": a change said not to be made is no request to ask
    // again, and the read is about what it names.
    const unasked = read !== undefined && negationAt(own) >= 0;
    const [asked, deferred] = read
      ? [
          unasked ? aboutProductOf(read, own, catalog) : read.clause,
          [...(unasked ? [] : [own]), ...others.filter((other) => other !== read).map((other) => other.clause)],
        ]
      : [own, others.map((other) => other.clause)];
    const resolution = resolveRequest(asked, catalog, { ...options, oneRequest: true });
    if (deferred.length === 0) return resolution;
    const note = `I do one thing per request: ask ${deferred.map((clause) => `"${clause}"`).join(" and ")} separately`;
    return { ...resolution, note: resolution.note ? `${note}. ${resolution.note}` : note };
  }
  const filled = withCartNote(
    fillAll(action, { question, text, catalog, clock, action }, {}, explanation),
    question,
    options,
  );
  const focus =
    filled.refused || filled.problem
      ? undefined
      : action === lister
        ? listed
        : focusOf(question, text, action, catalog, clock);
  const resolution = focus
    ? { ...filled, focus, parameters: widened(action, filled.parameters, focus, question, text, catalog, clock) }
    : filled;
  // "My balance on the 5th": the action reads the present only, which the answer says rather than passing it off as then.
  const then =
    !hasDateFills(action) &&
    !hasPeriod(action) &&
    !focus?.days &&
    Object.keys(filled.parameters).length === 0 &&
    daysNamed &&
    !("period" in daysNamed) &&
    (daysNamed.to ?? daysNamed.from ?? "") < dayIn(clock) &&
    // "Rent is due on the 21st, how much will I have left?": a day ahead of the user's, not a read of the past.
    !/\b(?:will|would|due|coming|upcoming|next|going to|gonna)\b/.test(text)
      ? daysNamed
      : undefined;
  if (then && !resolution.refused && !resolution.problem)
    return { ...resolution, note: `I can only read it as it is now, not for "${then.said}"` };
  const amount = amountFilter(question);
  // A list or a total can be asked by amount ("transactions over $100"); a balance asked against one ("do I have $5,000?") is just read.
  if (
    amount &&
    !resolution.focus?.amounts &&
    (action.understanding?.items || hasPeriod(action)) &&
    !resolution.refused &&
    !Object.keys(action.parameters.properties).some((name) => /amount|price|min|max/.test(name))
  ) {
    return {
      ...resolution,
      note: `I can't filter by amount ("${amount}": ${action.name} takes no amount), so this covers all amounts`,
    };
  }
  return resolution;
}

/**
 * "When did I last…" with no time named looks as far back as the action can: the latest may be
 * older than the default period. So does a list of what the question names ("my netflix
 * payments", "refunds from Jumia", "any refunds?") or of one status ("list my failed
 * transactions"): all of them, not the last month's.
 */
function widened(
  action: ActionDefinition,
  parameters: Record<string, unknown>,
  focus: Focus,
  question: string,
  text: string,
  catalog: readonly CatalogEntry[],
  clock: Clock,
): Record<string, unknown> {
  const [name, fill] =
    Object.entries(action.understanding?.parameters ?? {}).find(([, each]) => each.from === "period") ?? [];
  // (A yes-or-no about one, "did my paycheck arrive?", is about the latest days.)
  const asksAll =
    focus.pick === "newest" ||
    focus.pick === "oldest" ||
    ((focus.target !== undefined || (focus.words?.length ?? 0) > 0 || focus.status !== undefined) &&
      !focus.pick &&
      /\b(?:how much|how many|show|list|find|all (?:my|the)|any)\b/.test(text) &&
      !/\b(?:any\b.*\b(?:recently|lately|recent)|(?:recently|lately|recent)\b.*\bany)\b/.test(text));
  if (!name || fill?.from !== "period" || !asksAll) return parameters;
  if (parameters[name] !== fill.default || windowOf({ question, text, catalog, clock, action })) return parameters;
  const widest = Object.keys(fill.values).sort((a, b) => (periodDays(b) ?? 0) - (periodDays(a) ?? 0))[0];
  return widest ? { ...parameters, [name]: widest } : parameters;
}

/** "Add 2 crates of eggs. Also, what's in my cart?": the request is made, and the read no action makes is said, not dropped. */
function withCartNote(resolution: Resolution, question: string, options: ResolveOptions): Resolution {
  const clauses = splitClauses(question);
  if (options.oneRequest || clauses.length < 2 || !clauses.some((clause) => readsCart(clause, normalize(clause))))
    return resolution;
  const note = "I can't see what's in your cart (none of my actions reads it; the app's cart shows it)";
  return { ...resolution, note: [note, resolution.note].filter(Boolean).join(". ") };
}
