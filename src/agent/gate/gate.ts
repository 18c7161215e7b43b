import { isDeepStrictEqual } from "node:util";
import type { ActionDefinition } from "../actions/definition.ts";
import { clockAt } from "../resolver/calendar.ts";
import { fillParameter } from "../resolver/fill.ts";
import type { Resolution } from "../resolver/parameters.ts";
import { type CatalogEntry, matchProduct } from "../resolver/products.ts";
import { asks } from "../resolver/requests.ts";
import { type Condition, checkCondition, readCondition } from "./condition.ts";
import { dependsOn } from "./dependent.ts";
import { isWrite } from "./grant.ts";
import type { WriteLicense } from "./license.ts";
import { type Held, readRequest } from "./reading.ts";
import { countRange, vagueQuantity } from "./vague.ts";
import { type SetAside, userVoice } from "./voice.ts";

/**
 * The write rule: a state change needs a clear, positive, unconditional request from the user,
 * in the user's own voice, for that product and quantity. Anything less reads, answers or asks;
 * it never writes. The write a message may make is the one its request part alone resolves to
 * (reading.ts): negated, taken-back, hypothetical and conditional parts left out, and quoted,
 * reported, translated and other speakers' text set aside (voice.ts).
 */

export interface GateInput {
  question: string;
  /** The resolver's reading of the whole message. */
  resolution: Resolution;
  catalog: readonly CatalogEntry[];
  actions: readonly ActionDefinition[];
  /** Resolves words as one request, as the resolver does; `reads` leaves every write action out. */
  resolve(text: string, only?: "reads"): Resolution;
  /** The change no action makes that words ask for ("cancel anything"), if any. */
  changeIn(text: string): string | undefined;
}

/**
 * Puts the resolver's answer to a message through the write rule. A read passes as it is; a
 * write passes only as the user's own request part asks for it, with a license the call checks;
 * otherwise the message is read or answered instead, and the answer says what was not done.
 */
export function gateWrites(input: GateInput): Resolution {
  const { actions } = input;
  const voice = userVoice(input.question);
  const reading = readRequest(voice.own);
  const writeOf = (each: Resolution | undefined) =>
    each && !each.refused && each.answered === undefined && !each.problem && writes(each, actions) ? each : undefined;
  // What the user quotes, reports or pastes is not what they ask: their own words are read ("…: 'add 20 tomatoes'. is it legit?").
  const quoted = writeOf(input.resolution);
  // Only set-aside words that would change something matter here; a story reported around a read is the resolver's to read.
  const aside =
    voice.claim !== undefined ||
    voice.setAside.some((part) => part.kind === "another speaker" || CHANGE_WORDS.test(part.said));
  const own = aside ? ownWords(input, voice.own) : input.resolution;
  const nothing = (each: Resolution) => each.refused === true || each.action === "none";
  // Words claiming another's say make no change; only what the user asks in their own words is read.
  if (voice.claim) {
    const why = `the message claims someone else's say ("${voice.claim}"); ask me yourself for a change`;
    const gate = [`speaker   "${voice.claim}" claims another speaker`, "so        no write"];
    if (!nothing(own) && !writeOf(own) && own.answered === undefined && asksBesides(voice.own))
      return { ...own, note: [capitalized(why), own.note].filter(Boolean).join(". ") };
    return heldInstead(input, "", why, gate, quoted);
  }
  // When the user's own words ask nothing an action serves, the whole message is read as before, unless it too serves nothing: only a write is held back.
  const resolution = aside && !quoted && nothing(own) && !nothing(input.resolution) ? input.resolution : own;
  if (aside && !quoted && nothing(resolution) && resolution.answered === undefined)
    return heldInstead(
      input,
      "",
      heldWhy(undefined, [], voice.setAside, input),
      heldLines([], voice.setAside),
      undefined,
    );
  const whole = writeOf(resolution);
  // A write the whole message did not come to may still be asked for: beside a negated product ("don't add the eggs, add 2 yams"), or under a condition ("add rice if I have enough money").
  // …but never over a refusal of another person's data ("put them in her basket").
  if (resolution.refused && resolution.explanation?.rule?.startsWith("another person's data")) return resolution;
  const unresolved =
    resolution.refused ||
    resolution.action === "none" ||
    reading.condition !== undefined ||
    // "Skip the chicken, and no beans either. Just one small bag of charcoal": the request part says what to add.
    reading.held.some((part) => (part.why === "negated" || part.why === "taken back") && WRITE_WORDS.test(part.part));
  const setAsideWrite = aside && quoted && !voice.claim ? quoted : undefined;
  if (!whole && !unresolved)
    return withSetAside(readWithHeld(input, resolution, voice.own, reading.held), setAsideWrite, voice, input);
  const wholeRequest = reading.request ? writeOf(input.resolve(reading.request)) : undefined;
  // The part that asks in so many words, alone ("…too much for my kitchen. Don't add tomatoes — add 2 buckets of tatashe instead"): a product the story names is no request.
  const commanded =
    reading.command && reading.command !== reading.request ? writeOf(input.resolve(reading.command)) : undefined;
  const storyProduct = productOf(wholeRequest, actions, input.catalog);
  const alone =
    commanded &&
    storyProduct &&
    productOf(commanded, actions, input.catalog) &&
    productOf(commanded, actions, input.catalog) !== storyProduct &&
    !namesProduct(reading.command ?? "", storyProduct, input.catalog)
      ? commanded
      : wholeRequest;
  // The product may be named only in the condition ("if the watermelon is below 5k, add 2"): the user's own words still.
  const named = reading.condition ? writeOf(input.resolve(`${reading.request} (${reading.condition})`)) : undefined;
  const requested =
    alone && whole && completes(whole, alone, actions)
      ? whole
      : alone && named && completes(named, alone, actions)
        ? named
        : (alone ?? (named && productOf(named, actions, input.catalog) ? named : undefined));
  if (!whole && !requested && !(aside && quoted)) return readWithHeld(input, resolution, voice.own, reading.held);
  const asked = whole ?? requested ?? quoted;
  const explain = (lines: string[]) => [...(resolution.explanation?.gate ?? []), ...lines];
  const hold = (why: string, lines: string[], readOthers = true) =>
    heldInstead(input, readOthers ? voice.own : "", why, explain([...lines, "so        no write"]), asked);
  // A change said not to be made is no change asked for ("I don't want the ugu again. Add waterleaf instead").
  const impossible = reading.request ? input.changeIn(reading.request) : undefined;
  const dependent = dependsOn(voice.own, impossible);
  if (dependent && impossible)
    return hold(
      `I can't ${impossible} here, so I haven't ${said(asked, input)} either, since you asked for it with that ("${dependent}"). If you still want it on its own, ask for it on its own`,
      [`depends   "${dependent}" ties it to what I can't do (${impossible})`],
      // The answer is that both halves wait: reading one of them would answer half a plan.
      false,
    );
  if (!requested)
    return hold(heldWhy(asked, reading.held, voice.setAside, input), heldLines(reading.held, voice.setAside));
  const request = reading.request;
  const product = productOf(requested, actions, input.catalog);
  // A product the user said not to add is added only when a request names it again ("don't add the eggs… ok, add the eggs").
  const refused = reading.held.find(
    (part) => (part.why === "negated" || part.why === "taken back") && namesProduct(part.part, product, input.catalog),
  );
  if (product && refused && !(reading.command && namesProduct(reading.command, product, input.catalog)))
    return hold(heldWhy(requested, [refused], [], input), heldLines([refused], []));
  const quantityName = fillNamed(requested, actions, "quantity");
  // A count the resolver found for the product, not one it took from the schema's default ("add more eggs, like last time … in three days").
  const counted = requested.explanation?.values.some(
    (value) =>
      value.parameter === quantityName && value.value !== undefined && value.because !== "the schema's default",
  );
  const vague = quantityName
    ? (countRange(request) ?? (counted ? undefined : vagueQuantity(request, product)))
    : undefined;
  if (vague && quantityName) {
    const { [quantityName]: _, ...rest } = requested.parameters;
    const howMany = {
      parameter: quantityName,
      question: `How many${product ? ` of ${product.name}` : ""}${product?.description ? ` (${product.description} each)` : ""} should I add? ("${vague}" is no number)`,
    };
    return {
      ...requested,
      parameters: rest,
      // Which product first, when that is asked too ("add some pepper"): then how many.
      followUp:
        requested.followUp?.parameter === quantityName
          ? requested.followUp
          : requested.followUp
            ? { ...requested.followUp, next: howMany }
            : howMany,
      license: { action: requested.action, parameters: rest, request },
      explanation: explanationWith(requested, explain([`vague     "${vague}" is no number: asking how many`])),
    };
  }
  const license: WriteLicense = { action: requested.action, parameters: requested.parameters, request };
  const lines = explain([`request   "${request}" asks for ${requested.action} in your own words`]);
  const undone = leftUndone(reading.held, voice.setAside, product, input.catalog);
  const noted = (note: string | undefined) => [undone, note, requested.note].filter(Boolean).join(". ") || undefined;
  if (!reading.condition) return passed(requested, license, lines, noted(undefined));
  const condition = withRecord(readCondition(reading.condition), actions, input.catalog);
  const lined = [...lines, `condition "${condition.said}" (${condition.subject})`];
  // What needs a read first (the balance, an order's status) is checked by the call's last step (admit.ts).
  if (condition.subject === "balance" || condition.subject === "status")
    return passed(requested, { ...license, condition }, lined, noted(undefined));
  if (!product) return hold(`I can't check "${condition.said}" without knowing the product`, lined);
  const quantity = Number(requested.parameters[quantityName ?? ""] ?? 1);
  const outcome = checkCondition(condition, { product, quantity });
  if (outcome.holds) return passed(requested, license, [...lined, `checked   ${outcome.why}`], noted(outcome.why));
  return hold(
    `${capitalized(outcome.why)}, so I haven't ${said(requested, input)}${outcome.holds === undefined ? ". Ask again without the condition if you want it anyway" : ""}`,
    [...lined, `checked   ${outcome.why}`],
  );
}

function passed(resolution: Resolution, license: WriteLicense, gate: string[], note: string | undefined): Resolution {
  const { note: _, ...rest } = resolution;
  return { ...rest, ...(note ? { note } : {}), license, explanation: explanationWith(resolution, gate) };
}

function explanationWith(resolution: Resolution, gate: string[]): Resolution["explanation"] {
  return resolution.explanation ? { ...resolution.explanation, gate } : undefined;
}

/**
 * No write: what else the message asks is read (its own words, the products it names included:
 * "don't add the eggs, just check the price"), or, when it asks nothing else, answered without a
 * call. Either way the answer starts with what was not done and why.
 */
function heldInstead(
  input: GateInput,
  own: string,
  why: string,
  gate: string[],
  asked: Resolution | undefined,
): Resolution {
  const reads = asksBesides(own) ? input.resolve(own, "reads") : undefined;
  const explanation = { ...(asked?.explanation ?? input.resolution.explanation), gate } as Resolution["explanation"];
  if (reads && !reads.refused && reads.action !== "none" && !reads.problem)
    return {
      ...reads,
      note: [why, reads.note].filter(Boolean).join(". "),
      explanation: { ...explanation, ...reads.explanation, gate } as Resolution["explanation"],
    };
  // Something no action reads, answered as such ("…, how much will my cart come to?").
  if (reads?.answered !== undefined && reads.problem)
    return {
      ...reads,
      problem: `${capitalized(why)}. ${reads.problem}`,
      explanation: { ...explanation, gate } as Resolution["explanation"],
    };
  return {
    action: "none",
    parameters: {},
    answered: "a change held back",
    problem: `${capitalized(why)}. Nothing was changed`,
    ...(explanation ? { explanation } : {}),
  };
}

/** The user's own words, resolved: nothing when nothing is left of them but what they quoted. */
function ownWords(input: GateInput, own: string): Resolution {
  if (/[\p{L}\p{N}]/u.test(own.replace(/…/g, ""))) return input.resolve(own);
  return { action: "none", parameters: {}, refused: true, problem: "" };
}

/** A read of the user's own words, saying that what they quoted was not done ("I haven't added 2 × Fresh Eggs: that is text you quoted"). */
function withSetAside(
  resolution: Resolution,
  quoted: Resolution | undefined,
  voice: ReturnType<typeof userVoice>,
  input: GateInput,
): Resolution {
  if (!quoted || resolution.refused || resolution.answered !== undefined) return resolution;
  const why = heldWhy(quoted, [], voice.setAside, input);
  return { ...resolution, note: [why, resolution.note].filter(Boolean).join(". ") };
}

/**
 * A read passes as it is. Only a message that asks nothing but not to make a change ("wait, don't
 * remove the eggs from my cart") is answered as such rather than read: nothing was asked to be read.
 */
function readWithHeld(input: GateInput, resolution: Resolution, own: string, held: Held[]): Resolution {
  if (resolution.answered !== undefined || asksBesides(own)) return resolution;
  const negated = held.filter(
    (part) =>
      (part.why === "negated" || part.why === "taken back") &&
      (CHANGE_WORDS.test(part.part) || LEAVE_OUT.test(part.words) || part.why === "taken back"),
  );
  if (negated.length === 0) return resolution;
  return heldInstead(
    input,
    own,
    heldWhy(undefined, negated, [], input),
    [...heldLines(negated, []), "so        no write"],
    undefined,
  );
}

/** Words that leave a product out with no verb ("never mind the yam", "skip the eggs"). */
const LEAVE_OUT = /^(?:never ?mind|forget|skip|leave|scratch|no more|hold off)\b/i;

/** Words that ask for a change to the cart, or name one not to make ("skip the chicken", "no beans"). */
const WRITE_WORDS =
  /\b(?:add|adding|buy|buying|put|putting|order|ordering|include|throw|grab|purchase|skip|no|forget|leave)\b/i;

/** Words that ask for a change to the cart or the user's things. */
const CHANGE_WORDS =
  /\b(?:add|adding|buy|buying|put|putting|order|ordering|get me|include|throw|grab|purchase|remove|removing|cancel|take out|delete|empty|clear|change|send|transfer|pay|refund)\b/i;

/** Whether the user's own words ask something besides the change ("…, just check the price", "is it legit?"). */
function asksBesides(own: string): boolean {
  return own
    .split(/[.!;\n,…]+|\s[—–-]\s|\b(?:but|and)\b/i)
    .map((part) => part.trim())
    .filter(Boolean)
    .some(
      (part) =>
        /\?/.test(part) ||
        /^(?:(?:just|please|pls|abeg|kindly|only|so|then|rather)\s+)*(?:check|tell|show|find|search|look|see|how|what|whats|what's|which|when|where|is|are|do|does|did|can|could|give me the|list)\b(?!')|\bi (?:only |just )?(?:want|wan|need|would like|'?d like) (?:to )?(?:know|check|see|find out|ask)\b|\bi dey (?:just )?ask\b|\blet me (?:check|see|know|look)\b/i.test(
          part,
        ) ||
        (asks(part) && !/\b(?:add|buy|put|order|get me|throw|toss|grab|purchase|include)\b/i.test(part)),
    );
}

/** Why the message's write is not the user's request, from what was held back or set aside. */
function heldWhy(asked: Resolution | undefined, held: Held[], setAside: SetAside[], input: GateInput): string {
  const what = asked
    ? said(asked, input)
    : namedIn([...held.map((part) => part.part), ...setAside.map((part) => part.said)], input);
  const aside = setAside.find((part) => asked && namesWrite(part.said, asked, input));
  if (aside) return `I haven't ${what}: ${ASIDE_WORDS[aside.kind]} ("${shortened(aside.said)}"), not your own request`;
  const part = held.find((each) => asked && namesWrite(each.part, asked, input)) ?? held[0];
  if (part?.why === "negated")
    return /\b(?:remove|delete|cancel|take|clear|empty|change|send|transfer|pay|refund)\b/i.test(part.part) &&
      !/\b(?:add|buy|put|order|get|include)\b/i.test(part.part)
      ? `I haven't changed anything: you said "${shortened(part.part)}"`
      : `I haven't ${what}: you said "${shortened(part.part)}"`;
  if (part?.why === "taken back") return `I haven't ${what}: you took it back ("${part.words}")`;
  if (part?.why === "a condition") return `I haven't ${what}: it waits on "${shortened(part.part)}"`;
  if (part?.why === "a hypothetical")
    return `I haven't ${what}: you asked "${shortened(part.part)}", not for it to be done`;
  if (setAside[0]) return `I haven't ${what}: ${ASIDE_WORDS[setAside[0].kind]}, not your own request`;
  return `I haven't ${what}: nothing in your message clearly asks for it`;
}

const ASIDE_WORDS: Record<SetAside["kind"], string> = {
  quoted: "that is text you quoted",
  reported: "that is what someone else said",
  "another speaker": "that text claims another speaker",
  translation: "that is text to translate",
};

function heldLines(held: Held[], setAside: SetAside[]): string[] {
  return [
    ...setAside.map((part) => `set aside ${part.kind}: "${shortened(part.said)}"`),
    ...held.map((part) => `held      ${part.why}: "${shortened(part.part)}" ("${part.words}")`),
  ];
}

/** What was asked and not done, besides the write made: "I haven't added Fresh Eggs (you said not to)". */
function leftUndone(
  held: Held[],
  setAside: SetAside[],
  made: CatalogEntry | undefined,
  catalog: readonly CatalogEntry[],
): string | undefined {
  const named = (text: string) => {
    const match = matchProduct(text, catalog);
    return match && "product" in match && match.product !== made ? match.product.name : undefined;
  };
  const undone: string[] = [];
  for (const part of held) {
    const name = part.why === "negated" || part.why === "taken back" ? named(part.part) : undefined;
    if (name) undone.push(`${name} (${part.why === "negated" ? "you said not to" : "you took it back"})`);
  }
  for (const part of setAside) {
    const name = named(part.said);
    if (name) undone.push(`${name} (${ASIDE_WORDS[part.kind]})`);
  }
  const once = undone.filter(
    (each, index) => undone.findIndex((other) => other.split(" (")[0] === each.split(" (")[0]) === index,
  );
  return once.length > 0 ? `I haven't added ${once.join(" or ")}` : undefined;
}

/**
 * A condition on the status of a record an action reads by its reference ("if my order
 * ORD-K9M4TX is still processing"): the action's id pattern finds the reference, its list's
 * status phrases the status (understanding.items.statuses).
 */
function withRecord(
  condition: Condition,
  actions: readonly ActionDefinition[],
  catalog: readonly CatalogEntry[],
): Condition {
  const text = ` ${condition.said.toLowerCase()} `;
  for (const action of actions.filter((each) => !isWrite(each) && each.understanding?.items?.statuses)) {
    const [parameter, fill] =
      Object.entries(action.understanding?.parameters ?? {}).find(([, each]) => each.from === "pattern") ?? [];
    if (!parameter || !fill) continue;
    const found = fillParameter(parameter, fill, { question: condition.said, text, catalog, clock: clockAt(), action });
    const status = Object.entries(action.understanding?.items?.statuses ?? {})
      .flatMap(([name, phrases]) => phrases.map((phrase) => ({ name, phrase: phrase.toLowerCase() })))
      .filter(({ phrase }) => text.includes(` ${phrase} `))
      .sort((a, b) => b.phrase.length - a.phrase.length)[0]?.name;
    if (typeof found?.value === "string" && status)
      return {
        ...condition,
        subject: "status",
        record: { action: action.name, parameter, value: found.value, status },
      };
  }
  return condition;
}

/** Whether a text names this very product. */
function namesProduct(text: string, product: CatalogEntry | undefined, catalog: readonly CatalogEntry[]): boolean {
  const match = product ? matchProduct(text, catalog) : null;
  return match !== null && "product" in match && match.product === product;
}

/** Whether a text names the write's product (or, for a write with none, any write at all). */
function namesWrite(text: string, write: Resolution, input: GateInput): boolean {
  const product = productOf(write, input.actions, input.catalog);
  if (!product) return /\b(?:add|buy|put|order|get)\b/i.test(text);
  const match = matchProduct(text, input.catalog);
  return match !== null && ("product" in match ? match.product === product : match.candidates.includes(product));
}

/** Whether the whole message's write only fills in what its request part left to ask (the product named in a condition). */
function completes(whole: Resolution, alone: Resolution, actions: readonly ActionDefinition[]): boolean {
  const product = fillNamed(alone, actions, "product");
  return (
    whole.action === alone.action &&
    product !== undefined &&
    alone.followUp?.parameter === product &&
    whole.parameters[product] !== undefined &&
    Object.entries(alone.parameters).every(([name, value]) => isDeepStrictEqual(whole.parameters[name], value))
  );
}

function writes(resolution: Resolution, actions: readonly ActionDefinition[]): boolean {
  const action = actions.find((each) => each.name === resolution.action);
  return action !== undefined && isWrite(action);
}

/** The name of the action's parameter filled by a kind of fill ("quantity", "product"). */
function fillNamed(resolution: Resolution, actions: readonly ActionDefinition[], from: string): string | undefined {
  const action = actions.find((each) => each.name === resolution.action);
  return Object.entries(action?.understanding?.parameters ?? {}).find(([, fill]) => fill.from === from)?.[0];
}

function productOf(
  resolution: Resolution | undefined,
  actions: readonly ActionDefinition[],
  catalog: readonly CatalogEntry[],
): CatalogEntry | undefined {
  if (!resolution) return undefined;
  const name = fillNamed(resolution, actions, "product");
  const id = name ? resolution.parameters[name] : undefined;
  return catalog.find((entry) => entry.id === id);
}

/** What held-back words would have added, in words: "added Fresh Eggs", or "added anything" when they name no one product. */
function namedIn(texts: string[], input: GateInput): string {
  for (const text of texts) {
    const match = matchProduct(text, input.catalog);
    if (match && "product" in match) return `added ${match.product.name}`;
  }
  return "added anything";
}

/** The write in words: "added 2 × Local Rice", or "made that change" for an action without a product. */
function said(resolution: Resolution | undefined, input: GateInput): string {
  const product = productOf(resolution, input.actions, input.catalog);
  if (!resolution || !product) return "added anything";
  const quantityName = fillNamed(resolution, input.actions, "quantity");
  const quantity = quantityName ? resolution.parameters[quantityName] : undefined;
  return `added ${quantity ?? 1} × ${product.name}`;
}

function shortened(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 80 ? `${flat.slice(0, 77)}…` : flat;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whether a message puts a condition on what it asks ("…, only if it's under 5k"): the products it names matter then. */
export function conditional(question: string): boolean {
  return readRequest(userVoice(question).own).condition !== undefined;
}
