import { isDeepStrictEqual } from "node:util";
import type { Resolution } from "../resolver/parameters.ts";
import { checkCondition } from "./check.ts";
import { antecedent, readCondition } from "./condition.ts";
import { dependsOn } from "./dependent.ts";
import {
  asksBesides,
  CHANGE_WORDS,
  heldInstead,
  heldLines,
  heldWhy,
  leftUndone,
  readWithHeld,
  WRITE_WORDS,
  withSetAside,
} from "./held.ts";
import type { WriteLicense } from "./license.ts";
import { othersDo } from "./others-do.ts";
import {
  ADD_WORDS,
  adopt,
  countCarried,
  EVERYTHING,
  INDEFINITE,
  MAKE_IT,
  namedByName,
  othersSaidNot,
  PRONOUN_COMMAND,
  saysNotToAdd,
  verbCarried,
  withoutUnsaid,
} from "./parts.ts";
import { asksChange, COUNT, readRequest, TELLS } from "./reading.ts";
import { withRecord } from "./record.ts";
import { capitalized, completes, fillNamed, type GateInput, namesProduct, productOf, said, writes } from "./terms.ts";
import { approximate, countRange, vagueQuantity } from "./vague.ts";
import { userVoice } from "./voice.ts";

export type { GateInput };

/**
 * The write rule: a state change needs a clear, positive, unconditional request from the user,
 * in the user's own voice, for that product and quantity. Anything less reads, answers or asks;
 * it never writes. The write a message may make is the one its request part alone resolves to
 * (reading.ts): negated, taken-back, hypothetical and conditional parts left out, and quoted,
 * reported, translated and other speakers' text set aside (voice.ts).
 */

/**
 * Puts the resolver's answer to a message through the write rule. A read passes as it is; a
 * write passes only as the user's own request part asks for it, with a license the call checks;
 * otherwise the message is read or answered instead, and the answer says what was not done.
 */
export function gateWrites(input: GateInput): Resolution {
  const { actions } = input;
  const voice = userVoice(input.question);
  const reading = readRequest(voice.own);
  // "Add ugu — sorry, not ugu, waterleaf. 3 bunches": a request for a product said not to be added later in the message is taken back.
  const { request: requestText, command: commandText } = withoutUnsaid(reading, input);
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
    PRONOUN_COMMAND.test(commandText ?? "") ||
    resolution.refused ||
    resolution.action === "none" ||
    reading.condition !== undefined ||
    // "Skip the chicken, and no beans either. Just one small bag of charcoal": the request part says what to add.
    reading.held.some((part) => (part.why === "negated" || part.why === "taken back") && WRITE_WORDS.test(part.part));
  const setAsideWrite = aside && quoted && !voice.claim ? quoted : undefined;
  if (!whole && !unresolved)
    return withSetAside(readWithHeld(input, resolution, voice.own, reading.held), setAsideWrite, voice, input);
  // "Mama asked for 2 kegs of palm oil, add them": the user's own command takes up what someone else named.
  const adopted = adopt(commandText, voice.setAside, input, writeOf);
  // "Don't add zobo o, just one pineapple": the negated verb carries to the product said in its place, and to no other.
  const carriedVerb = verbCarried(reading, input);
  const inPlace = carriedVerb ? writeOf(input.resolve(carriedVerb)) : undefined;
  const wholeRequest = adopted ?? (requestText ? writeOf(input.resolve(requestText)) : undefined) ?? inPlace;
  // The part that asks in so many words, alone ("…too much for my kitchen. Don't add tomatoes — add 2 buckets of tatashe instead"): a product the story names is no request.
  const commanded = commandText && commandText !== requestText ? writeOf(input.resolve(commandText)) : undefined;
  const storyProduct = productOf(wholeRequest, actions, input.catalog);
  const commandedProduct = productOf(commanded, actions, input.catalog);
  const alone =
    commanded &&
    commandedProduct &&
    // "The order from this morning ORD-7F3K2Q — if e still dey processing, add 2 bags of garri": the condition's read is the check, the add the request.
    // So is a command after a product said not to be added, with no question asked ("there is no need to add the tomatoes (…); kindly add two buckets of tatashe in their place").
    ((!wholeRequest &&
      (othersSaidNot(reading, input) ||
        reading.condition !== undefined ||
        (reading.held.some((part) => part.why === "negated" || part.why === "taken back") &&
          !(requestText ?? "").includes("?")))) ||
      (storyProduct &&
        commandedProduct !== storyProduct &&
        !namesProduct(commandText ?? "", storyProduct, input.catalog)))
      ? commanded
      : wholeRequest;
  // The product may be named only in the condition ("if the watermelon is below 5k, add 2"): the user's own words still.
  const named = reading.condition ? writeOf(input.resolve(`${requestText} (${reading.condition})`)) : undefined;
  let requested =
    alone && alone === inPlace
      ? inPlace
      : alone && whole && completes(whole, alone, actions)
        ? whole
        : alone && named && completes(named, alone, actions)
          ? named
          : (alone ?? (named && productOf(named, actions, input.catalog) ? named : undefined));
  if (!whole && !requested && !(aside && quoted)) return readWithHeld(input, resolution, voice.own, reading.held);
  const asked = whole ?? requested ?? quoted;
  // A product the user said not to add is added only when a request after that names it again
  // ("put stockfish… no, not stockfish, the smoked catfish. one pack": what follows is the request).
  const named0 = productOf(requested, actions, input.catalog);
  // "Please do not add anything yet: garri 2 bags, crayfish 1 bucket": said of everything, it holds every add not asked for again after it.
  const refused = reading.held.find(
    (part) =>
      saysNotToAdd(part) &&
      (namedByName(part.part, input) === named0 || (EVERYTHING.test(part.part) && ADD_WORDS.test(part.part))),
  );
  const askedAgain = reading.kept.some(
    (part) =>
      part.command &&
      part.at > (refused?.at ?? 0) &&
      (namesProduct(part.text, named0, input.catalog) || EVERYTHING.test(refused?.part ?? "")),
  );
  if (requested && named0 && refused && !askedAgain) {
    // What follows the negation is the request: another product ("…, the smoked catfish. one pack"), or the same one with another count ("one bunch will do, so add just the one").
    const after = reading.kept
      .filter((part) => part.at > refused.at)
      .map((part) => part.text)
      .join(", ");
    const instead = after ? writeOf(input.resolve(after)) : undefined;
    const recount =
      after && !EVERYTHING.test(refused.part) && !productOf(instead, actions, input.catalog)
        ? writeOf(input.resolve(`${after} (${named0.name})`))
        : undefined;
    const next = productOf(instead, actions, input.catalog) ? instead : recount;
    const other = productOf(next, actions, input.catalog);
    const countChanged =
      next && other === named0 && !isDeepStrictEqual(next.parameters, requested.parameters) && recount === next;
    if (!next || !other || (other === named0 && !countChanged))
      return heldInstead(
        input,
        voice.own,
        heldWhy(requested, [refused], [], input),
        [...(resolution.explanation?.gate ?? []), ...heldLines([refused], []), "so        no write"],
        requested,
      );
    requested = next;
  }
  const explain = (lines: string[]) => [...(resolution.explanation?.gate ?? []), ...lines];
  const hold = (why: string, lines: string[], readOthers = true) =>
    heldInstead(input, readOthers ? voice.own : "", why, explain([...lines, "so        no write"]), asked);
  // A change said not to be made is no change asked for ("I don't want the ugu again. Add waterleaf instead").
  // (A part read as what the user did may still ask for one: "Remove the 4 kegs I put in the cart yesterday and put 2 instead".)
  const impossible =
    (requestText ? input.changeIn(requestText.replace(MAKE_IT, " ")) : undefined) ??
    reading.held
      .filter((part) => part.why === "a hypothetical")
      .map((part) => input.changeIn(part.part))
      .find(Boolean);
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
  const request = requestText;
  const unnamed = INDEFINITE.exec(commandText ?? request)?.[0];
  if (unnamed)
    return hold(`"${unnamed}" names no product: tell me which product to add, and how many`, [
      `unnamed   "${unnamed}" names no product`,
    ]);
  const product = productOf(requested, actions, input.catalog);
  const quantityName = fillNamed(requested, actions, "quantity");
  const carried = quantityName ? countCarried(requested, quantityName, reading, input) : undefined;
  if (carried && quantityName)
    requested = { ...requested, parameters: { ...requested.parameters, [quantityName]: carried.count } };
  // A count the resolver found for the product, not one it took from the schema's default ("add more eggs, like last time … in three days").
  const counted = requested.explanation?.values.some(
    (value) =>
      value.parameter === quantityName && value.value !== undefined && value.because !== "the schema's default",
  );
  // A hypothetical part may still say how much, vaguely ("add zobo leaves, enough to make drinks for my students").
  const wondered = reading.held.filter((part) => part.why === "a hypothetical").map((part) => part.part);
  const vague = quantityName
    ? (countRange(request) ??
      approximate(request) ??
      (counted ? undefined : vagueQuantity([request, ...wondered].join(". "), product)))
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
  // Words that only tell or ask ("We dey finish one crate in about a week", "Should I take 3 crates?") ask for no write.
  const parts = reading.kept.map((part) => part.text.trim()).filter(Boolean);
  const tells = (part: string) => TELLS.test(part) || othersDo(part) || /\?$/.test(part);
  const filler = (part: string) => part.split(/\s+/).length <= 2 && !COUNT.test(part);
  if (!asksChange(request) && parts.some(tells) && parts.every((part) => tells(part) || filler(part)))
    return hold(`I haven't ${said(requested, input)}: nothing in your message clearly asks for it`, [
      `request   "${request}" only tells or asks`,
    ]);
  const license: WriteLicense = { action: requested.action, parameters: requested.parameters, request };
  const lines = explain([`request   "${request}" asks for ${requested.action} in your own words`]);
  const undone = leftUndone(reading.held, voice.setAside, product, input.catalog);
  const noted = (note: string | undefined) => [undone, note, requested.note].filter(Boolean).join(". ") || undefined;
  if (!reading.condition) return passed(requested, license, lines, noted(undefined));
  const condition = withRecord(
    readCondition(antecedent(reading.condition, voice.own)),
    actions,
    input.catalog,
    voice.own,
  );
  const lined = [...lines, `condition "${condition.said}" (${condition.subject})`];
  // What needs a read first (the balance, an order's status) is checked by the call's last step (admit.ts).
  if (condition.subject === "balance" || condition.subject === "status")
    return passed(requested, { ...license, condition }, lined, noted(undefined));
  if (!product) return hold(`I can't check "${condition.said}" without knowing the product`, lined);
  const quantity = Number(requested.parameters[quantityName ?? ""] ?? 1);
  // "If garri dey under 5k": a condition on the product by its name is on its pack's price.
  const per = condition.of === "either" && namedByName(condition.said, input) === product ? "each" : condition.of;
  const outcome = checkCondition({ ...condition, of: per }, { product, quantity });
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

/** The user's own words, resolved: nothing when nothing is left of them but what they quoted. */
function ownWords(input: GateInput, own: string): Resolution {
  if (/[\p{L}\p{N}]/u.test(own.replace(/…/g, ""))) return input.resolve(own);
  return { action: "none", parameters: {}, refused: true, problem: "" };
}

/** Whether a message puts a condition on what it asks ("…, only if it's under 5k"): the products it names matter then. */
export function conditional(question: string): boolean {
  return readRequest(userVoice(question).own).condition !== undefined;
}
