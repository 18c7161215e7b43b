import type { ActionDefinition } from "../actions/definition.ts";
import { hasPhrase, normalize, words } from "./text.ts";

/**
 * Verbs asking to change something (cancel, remove, send money, …). When the sentence asks for
 * one to be done, in whatever words ("cancel my order", "can you take the yam out of my cart",
 * "I want my order cancelled", "the eggs need to be removed", "I don't want the rice anymore")
 * and no action's phrases name it, the agent refuses: none of its actions does that, and a
 * lookup in its place would be a wrong answer. Asking whether it happened ("was my order
 * cancelled?", "how much did I send?") is a question, not a request. An action file whose
 * intent lists the verb alone as a phrase ("cancel") takes it over.
 */
export const CHANGE_VERBS = new Set(
  "cancel remove delete reverse retry chargeback transfer send change update edit refund return pay withdraw deposit move clear empty reset close open block unblock freeze report dispute modify replace swap exchange convert top lend borrow sign log register unregister subscribe unsubscribe book schedule rename set apply checkout check-out reorder drop undo ditch scrap amend alter adjust increase decrease reduce resend repay recharge renew deliver".split(
    " ",
  ),
);

/** What may come before the command: politeness and ways of asking. */
const LEAD =
  /^(?:(?:please|pls|kindly|abeg|biko|make you|hey|hi|hello|ok|okay|now|so|agent|bot|assistant|go ahead and|can you|could you|would you|will you|can i|could i|may i|i want to|i wanna|i'd like to|i would like to|i need to|i want you to|i need you to|help me|let me|how do i|how can i|is it possible to|are you able to|just|also|then)\s+)*/;

/** Verbs that move money: refused as "I can't transfer money here". */
const MONEY_VERBS = new Set("transfer send pay withdraw deposit lend borrow repay resend".split(" "));

/** Irregular past forms of change verbs. */
const IRREGULAR: Record<string, string[]> = {
  send: ["sent"],
  resend: ["resent"],
  pay: ["paid"],
  repay: ["repaid"],
  withdraw: ["withdrawn", "withdrew"],
  lend: ["lent"],
  undo: ["undone"],
  set: [],
  top: ["topped"],
};

/** The past participles people write of a change verb ("cancelled", "canceled", "emptied", "swapped"). */
function participles(verb: string): string[] {
  if (IRREGULAR[verb]) return IRREGULAR[verb];
  if (verb.endsWith("e")) return [`${verb}d`];
  if (/[^aeiou]y$/.test(verb)) return [`${verb.slice(0, -1)}ied`];
  const doubled = /[^aeiou][aeiou][bdglmnprt]$/.test(verb) ? [`${verb}${verb.at(-1)}ed`] : [];
  return [...doubled, `${verb}ed`];
}

const PARTICIPLE_OF = new Map([...CHANGE_VERBS].flatMap((verb) => participles(verb).map((form) => [form, verb])));

/** The change verbs and their participles: words the typo check knows ("removed" is no typo of "remove"). */
export const CHANGE_WORDS: readonly string[] = [...CHANGE_VERBS, ...PARTICIPLE_OF.keys()];
const BASES = [...CHANGE_VERBS].join("|");
const DONE = [...PARTICIPLE_OF.keys()].join("|");
/** What a command names after its verb ("refund me", "cancel it", "send 5k"): a clause opening with a change verb and one of these commands. */
const OBJECT = /^(?:me|us|my|our|it|them|the|that|this|those|these|all|everything|a|an|some|order|\S*\d\S*|[₦$£]\S*)$/;

/**
 * The ways a sentence asks for a change to be made, each giving the verb (group 1) or its
 * participle (group 2): a request ("can you cancel", "I want to return", "how do I remove"), a
 * command opening a clause and naming what to change ("…, refund me"), a wish for it done ("I
 * want my order cancelled", "it needs to be removed"), and idioms ("take the yam out of my
 * cart", "get rid of", "I don't want the rice anymore").
 */
const REQUESTS: RegExp[] = [
  new RegExp(
    `\\b(?:can|could|would|will|pls|please|kindly|abeg|help me|you should|go ahead and|make sure you|want you to|need you to|like you to|let's|lets|want to|wanna|need to|like to|trying to|try to|how do i|how can i|how to|possible to|able to|way to|and|then)\\s+(?:(?:you|u|please|pls|kindly|just|quickly|also|simply)\\s+)*(${BASES})\\b`,
  ),
  new RegExp(
    `\\b(?:want|need|like|get|have|make)\\s+(?:(?!(?:i|we|you|u|they|he|she|been|being)\\b)[a-z']+\\s+){1,4}?()(${DONE})\\b`,
  ),
  new RegExp(
    `\\b(?:should|must|can|could|will|would|needs? to|has to|have to|please)\\s+(?:(?!(?:i|we|you|u)\\b)[a-z']+\\s+){0,3}?(?:be|get)\\s+()(${DONE})\\b`,
  ),
];

/** Changes said by idiom, with the change they ask for. */
const IDIOMS: [RegExp, string][] = [
  [
    /\btake\s+(?:[\w']+\s+){0,5}?(?:out|off)\b(?=.*\b(?:cart|basket|order|bag|list)\b)|(?<!\b(?:if|once|when|after)\s+(?:you|u|we|i)\s+|\b(?:did|do|have|has|had)\s+(?:i|we)\s+)\btake\s+(?:[\w']+\s+){0,3}?(?:out|off)\b/,
    "remove anything",
  ],
  [/\b(?:get|want|need|give|send)\s+(?:me\s+)?(?:my|our|the)?\s*(?:money|cash|funds)\s+back\b/, "process a refund"],
  [
    /\b(?:add|put|throw|include|chuck|toss|pop)\b.*\b(?:into|to|in|onto)\s+(?:my\s+|the\s+|that\s+)?(?:order|ord-)/,
    "change an order",
  ],
  [/\bget rid of\b|\bknock\s+(?:[\w']+\s+){0,3}?off\b/, "remove anything"],
  [
    /\b(?:don't|dont|do not|no longer|no more)\s+(?:want|need)\b.*\b(?:anymore|any more|again|cart|basket|order)\b|\bno longer (?:want|need)\b/,
    "remove anything",
  ],
  [
    /\b(?:make|change)\s+(?:it|that|them)\s+(?:just\s+|only\s+)?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b|\b(?:it|that|this|they|there)\s+should (?:be|have been|only be)\s+(?:just\s+|only\s+)?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b/,
    "change anything",
  ],
  [
    /(?<!\b(?:i|we|i'll|we'll|i will|we will|i go|we go|i'm going to|i am going to|let me)\s+(?:\w+\s+)?)\b(?:request|collect|demand|ask for)\s+(?:[\w']+\s+){0,3}?(?:money|payment|funds|cash|a loan|[₦$£]\d[\d.,]*k?|\d[\d.,]*k|\d{3,}|\d[\d.,]*\s*(?:dollars?|naira|usd|ngn|pounds?|quid|bucks|euros?))\b|\bmake\s+(?:e|am|him|her|them|dem)\s+pay\s+me\b|\bask\s+\w+\s+to\s+(?:pay|send)\b|\bsplit\s+(?:the|a|my)\s+bill\b/,
    "request money",
  ],
];

/** Changes asked for by their noun ("I want a refund", "request a chargeback"), whatever their position. */
const CHANGE_REQUEST =
  /(?:^|\band\b|\bto\b)\s*get\s+(?:a|my|the)\s+(refund|chargeback|reversal)\b|\b(?:want|wanna|need|request|requesting|demand|file|raise|open|issue|process|initiate|start|claim|like|get me)\s+(?:(?:a|an|the|my|for|to|get|make|have)\s+)*(refund|chargeback|reversal|dispute|cancellation|retry)\b(?!\s+(?:status|history|received|paid|came|went|arrived?|was|is|has|have))/;

/** Nouns a change verb can stand before as a noun itself ("transfer history", "send me my statement"). */
const READ_AFTER =
  /^(?:s\s+)?(?:history|status|details?|list|records?|fees?|limits?|receipts?|statements?|ref|reference|id|number|summary|amount|date|time|(?:me|us)\s+(?:my|the|our|a)?\s*(?:statement|transactions?|history|orders?|balance|list|receipt|summary|details|report))\b/;

/**
 * The change the question asks for, if no action takes it, said as what the agent can't do
 * ("cancel anything", "transfer money", "give a refund").
 */
export function changeVerb(question: string, actions: readonly ActionDefinition[]): string | undefined {
  const text = normalize(question).trim();
  const requested = CHANGE_REQUEST.exec(text);
  const request = requested?.[1] ?? requested?.[2];
  if (request) return `process a ${request}`;
  const idiom = IDIOMS.find(([pattern]) => pattern.test(text))?.[1];
  const commands = question
    .toLowerCase()
    .split(/[,.;:!?—–]|\s-\s|\b(?:so|but)\b/)
    .slice(1)
    .map((clause) => words(normalize(clause).trim().replace(LEAD, "")))
    // "…. Top up my wallet": a particle may stand between the verb and what it changes.
    .map(([verb, object, ...rest]) =>
      /^(?:up|out|back|off|in)$/.test(object ?? "") ? [verb, ...rest] : [verb, object],
    )
    .filter(([verb, object]) => verb !== undefined && OBJECT.test(object ?? ""));
  const command = text.replace(LEAD, "");
  const first = words(command)[0];
  const found = [
    { verb: first, at: text.length - command.length + (first?.length ?? 0) },
    ...commands.map(([verb]) => ({ verb, at: text.length })),
    ...REQUESTS.flatMap((pattern) =>
      [...text.matchAll(new RegExp(pattern, "g"))].map((match) => {
        const said = match[1] || match[2];
        return { verb: said && (PARTICIPLE_OF.get(said) ?? said), at: (match.index ?? 0) + match[0].length };
      }),
    ),
  ];
  const verb = found.find(
    ({ verb, at }): boolean =>
      verb !== undefined &&
      CHANGE_VERBS.has(verb) &&
      !nounBefore(text, verb) &&
      !READ_AFTER.test(text.slice(at).trim()),
  )?.verb;
  if (!verb) return idiom;
  // An action takes the verb when its phrases list it alone with a weight that can decide (a hint of 1 does not).
  const taken = actions.some((action) =>
    Object.entries(action.understanding?.intent ?? {}).some(
      ([phrase, weight]) => normalize(phrase).trim() === verb && weight >= 2,
    ),
  );
  if (taken) return idiom;
  const particle = new RegExp(`\\b${verb} (up|out|in|off|back|over)\\b`).exec(text)?.[1];
  return `${particle ? `${verb} ${particle}` : verb} ${MONEY_VERBS.has(verb) ? "money" : "anything"}`;
}

/** A change verb followed by a past participle is a noun ("refund received", "deposit made"), not a command. */
function nounBefore(text: string, verb: string): boolean {
  return new RegExp(`\\b${verb}s? (?:[a-z]+ed|sent|made|paid|gone|done|came|went)\\b`).test(text);
}

/** "I can't … here. I can: …" — what the agent can do, from the actions' summaries. */
export function capabilities(actions: readonly ActionDefinition[]): string {
  const summaries = actions.map((action) => action.understanding?.summary ?? action.description.replace(/\.$/, ""));
  return `I can ${summaries.join("; ")}`;
}

/** "What can you do?", "help": a question about the agent itself, answered with what it can do. */
export function asksForHelp(text: string): boolean {
  return /^ (?:\S+ ){0,8}?(?:what (?:can|could|do|else can) (?:you|u|i) (?:actually |really |even |exactly |possibly )?(?:do|help|ask)|what (?:sort|kind|type|sorts|kinds|types) of (?:things|stuff|questions|help|requests) (?:can|could|do|are) (?:you|u|i)|what are you (?:able|for|good)|(?:are|r) (?:you|u) able to help|what do you do|wetin (?:you|u) (?:fit|sabi|dey|can) (?:do|help)|wetin be your work|how (?:can|do|could) you help|what are your (?:capabilities|features|skills)|what is this|who are you|who be you|who you be|what are you|na human|(?:am i )?(?:talking|speaking|chatting) (?:to|with) (?:a )?(?:real )?(?:person|human|bot|robot|machine|computer|ai)|(?:real person|person|human) or (?:a )?(?:bot|computer|machine|robot|ai)|(?:is this|are you|r u) (?:a )?(?:human|real person|bot|robot)|are (?:you|u) (?:a |an )?(?:real|human|person|bot|robot|ai|machine)|help)\b|^ (?:what are |show me |show )?(?:your |the )?(?:menu|options|commands) $/.test(
    text,
  );
}

/** "Are you an llm?", "can you add stuff to my cart for me?", "will you add things without asking me?", "can you help me buy groceries?": about the agent itself, whatever an action's words follow. */
function asksAboutAgent(text: string): boolean {
  return /^ (?:\S+ ){0,2}?(?:how (?:does|do) (?:this|it|you|u)(?: (?:chat|app|bot|thing|assistant|agent))? (?:work|function)(?: (?:here|o|sha))?(?: $| (?:can|could|will|do) (?:you|u|i|we) \w+)|how (?:do|can|should) (?:i|we) use (?:this|it|you|u)(?: (?:app|chat|agent|bot|thing))? $|(?:are|r) (?:you|u) (?:a |an )?(?:llm|ai|gpt|chatgpt|chatbot|bot|robot|real person|human|language model|machine)\b|can (?:you|u) (?:place|make|complete|submit) (?:an |the )?orders?(?= (?:and|or|for me) | $)|(?:can|could|will|would) (?:you|u|una) help (?:me|us)(?: to)? (?:buy|shop(?: for)?|get|order) (?:my |some |our )?(?:groceries|food(?:stuffs?)?|provisions|things|stuff|items)\b(?! \d)|(?:you|u|una) fit help (?:me|us) (?:buy|shop|get|order) (?:my |some |our )?(?:groceries|food(?:stuffs?)?|provisions|things|stuff|market)\b(?! \d)|(?:can|could|will|would|do|did) (?:you|u) (?:ever |automatically |just )?(?:add|put) (?:stuff|things|items|products|anything|food)(?: (?:to|in|into) (?:my |the )?cart)?(?: for me)?\b(?! \d))/.test(
    text,
  );
}

/** "You sabi pidgin?", "do you understand yoruba?": a question about the languages the agent reads. */
function asksAboutLanguage(text: string): boolean {
  return /^ (?:\S+ ){0,3}?(?:(?:you|u) (?:fit |can |dey )?(?:sabi|hear|understand|speak) (?:pidgin|yoruba|igbo|hausa|english)|(?:(?:i|we) (?:fit|can|could)|(?:can|could) (?:i|we)) (?:talk|speak|write|chat|type)(?: (?:to|with) (?:you|u))?(?: in)? (?:pidgin|yoruba|igbo|hausa)|(?:do|can|could) (?:you|u) (?:speak|understand|read|talk|chat in|hear) (?:pidgin|yoruba|igbo|hausa|english))\b/.test(
    text,
  );
}

/** What the agent says to a question about the languages it reads: what is true of its phrases. */
const LANGUAGE_ANSWER =
  "I read English and Nigerian Pidgin, and the Yoruba and Igbo names of foods (ugu, onugbu, tatashe); I answer in English";

/** "Are your prices in naira or in dollars?": a question about the currencies the agent reads. */
function asksAboutCurrency(text: string): boolean {
  return /^ (?:\S+ ){0,3}?(?:(?:are|is) (?:your |the |these |those |all (?:the|your) |my )?(?:naira )?(?:prices?|products?|catalog|items?) (?:in|priced in|shown in|listed in) (?:naira|dollars?|usd|ngn)|what currency (?:are|is|do) (?:your|the) (?:prices?|products?|catalog|items?))\b/.test(
    text,
  );
}

/** What the agent says to it: what the catalog and the wallet give, and that it cannot convert. */
const CURRENCY_ANSWER =
  "The catalog's prices are in naira (₦), most of them a range; your wallet's balance and transactions are in the wallet's own currency (ask for your balance to see it), and I have no exchange rate between them";

/** What the agent adds when asked whether it changes the cart by itself: the write rule, said plainly. */
const WRITE_ANSWER = ", and I change your cart only when you clearly ask me to, in your own words, for a product";

/** What the agent says of itself first, to any question about it. */
export const AGENT_INTRO = "I'm the built-in agent of this sandbox, not a person";

/**
 * A question about the agent itself that an action's words may follow ("are you an llm? how do
 * you even see my transactions", "you sabi pidgin?", "are your prices in naira or dollars?"):
 * what to say, and the rule that said it, before any action is scored.
 */
export function aboutTheAgent(text: string): { said: string; rule: string } | undefined {
  if (asksAboutAgent(text))
    return {
      said: `${AGENT_INTRO}: I read what you write by rules and answer from these actions${/ (?:add|put) /.test(text) ? WRITE_ANSWER : ""}`,
      rule: "a question about the agent",
    };
  if (asksAboutLanguage(text)) return { said: LANGUAGE_ANSWER, rule: "a question about the agent's languages" };
  if (asksAboutCurrency(text)) return { said: CURRENCY_ANSWER, rule: "a question about the currencies" };
  return undefined;
}

/** "What's the date today?", "what day is it": today's date, which the agent's clock gives. */
export function asksToday(text: string): boolean {
  return /^ (?:\S+ ){0,3}?(?:what(?:'?s| is)? (?:the |today'?s )?(?:date|day)(?: (?:is it|today|is today|today is))?|what day is (?:it|today)|wetin be (?:today(?:'?s)?|the) date|today(?:'?s)? date(?: na)?) $/.test(
    text,
  );
}

/**
 * "What's in my cart?", "cart total", "what have I added?": a read of the cart, which no action
 * makes (the cart's own stream shows it). Not a failure: nothing wrong was asked.
 */
export function asksAboutCart(text: string): boolean {
  return (
    // A basket may be a product's pack ("the tomato basket", "a basket of pepper"): the cart's only when it is the user's.
    (/\b(?:cart|trolley)\b|\b(?:my|your|our|the|in|into)\s+basket\b(?!\s+of\b)|^ basket\b/.test(text) ||
      /\bwhat (?:have|did) i (?:add|added|put)\b/.test(text)) &&
    /^ (?:\w+ ){0,3}?(?:what|whats|what's|wetin|show|list|check|see|view|how|is|are|tell|display|read|open|total|contents|items|anything)\b|\bwhat (?:have|did) i (?:add|added|put)\b|\b(?:cart|basket) (?:total|contents|items|subtotal)\b/.test(
      text,
    )
  );
}

/** Things a user may ask to read that no action reads, beside the cart: what each is called in the answer. */
const UNREAD: [RegExp, string][] = [
  [/\bsavings?(?: pot| account| balance| goal)?s?\b/, "your savings"],
  [
    /\b(?:exchange|conversion|fx) rates?\b|\bwhat(?:'s| is) the rate\b|\brate (?:today|now)\b|(?<!\b(?:change|changed|changing|convert|converted|converting|exchange|exchanged|exchanging|swap|swapped|send|sent|move|moved|my|the|of)(?: my| some| the| any| from| \d[\d,.]*)? )\b(?:dollars?|usd|naira|ngn|pounds?|gbp|euros?|eur) (?:to|vs|versus|against) (?:dollars?|usd|naira|ngn|pounds?|gbp|euros?|eur)\b(?! (?:exchanges?|transactions?|transfers?|conversions?)\b)/,
    "exchange rates",
  ],
  [/\bcredit (?:score|limit|rating)\b|\bloans?\b/, "credit or loans"],
  [/\b(?:pension|investments?|stocks and shares|stock market|crypto)\b/, "investments"],
  [
    /\b(?:gtbank|gtb|access bank|zenith|first bank|uba|kuda|opay|palmpay|moniepoint|barclays|hsbc|lloyds|natwest|chase|wells fargo|monzo|revolut|other bank|bank account)\b/,
    "other bank accounts",
  ],
  [
    /\bnumber on (?:my|the) card\b|\bcard (?:number|details)\b|\bsaved cards?\b|\b(?:delivery|home|billing) address\b|\bphone number\b|\bpassword\b|\bpin\b/,
    "saved personal details",
  ],
];

/** What no action reads that a question asks to read ("how much is in my savings pot?"), said as it is called. */
export function unreadable(text: string): string | undefined {
  if (!/^ (?:\w+ ){0,4}?(?:how|what|whats|what's|wetin|show|check|tell|is|are|do|does|did|give|see|view)\b/.test(text))
    return undefined;
  return UNREAD.find(([pattern]) => pattern.test(text))?.[1];
}

/** What the agent says to a read of the cart. */
export const CART_ANSWER =
  "I can't see what's in your cart: none of my actions reads it. The app shows it live (its cart stream; in the sandbox, the Cart screen of npx sandbox ui). I can add a product to it: name it and how many";

/** Whether a question holds any of the phrases. */
export function mentions(question: string, phrases: readonly string[]): boolean {
  const text = normalize(question);
  return phrases.some((phrase) => hasPhrase(text, phrase));
}
