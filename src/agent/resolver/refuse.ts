import type { ActionDefinition } from "../actions/definition.ts";
import { ENGLISH_WORDS } from "./english.ts";
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
    /\btake\s+(?:[\w']+\s+){0,5}?(?:out|off)\b(?=.*\b(?:cart|basket|order|bag|list)\b)|\btake\s+(?:out|off)\b/,
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
    /\b(?:make|change)\s+(?:it|that|them)\s+(?:just\s+|only\s+)?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b/,
    "change anything",
  ],
  [
    /\b(?:request|collect|demand|ask for)\s+(?:[\w']+\s+){0,3}?(?:money|payment|funds|cash|a loan|[₦$£]\d[\d.,]*k?|\d[\d.,]*k|\d{3,})\b|\bask\s+\w+\s+to\s+(?:pay|send)\b|\bsplit\s+(?:the|a|my)\s+bill\b/,
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
    .split(/[,.;:!?]|\b(?:so|but)\b/)
    .slice(1)
    .map((clause) => words(normalize(clause).trim().replace(LEAD, "")))
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

/** Words before "'s" that are no person: contractions, times, things. */
const NOT_PEOPLE = new Set(
  "it what that there here let who how where when why today yesterday tomorrow tonight month week year day one everyone nobody he she this my your our the any anything everything all i something nothing morning afternoon evening night weekend christmas easter valentine valentines halloween thanksgiving season store shop app bank wallet account cart order".split(
    " ",
  ),
);
const DATA_NOUNS =
  "orders?|order|balance|wallet|transactions?|payments?|spending|income|cart|account|purchases?|money|history|statement";
const MONTHS_AND_DAYS =
  /^(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|monday|tuesday|wednesday|thursday|friday|saturday|sunday|i)$/i;

/**
 * Whose data the question asks about when it is not the user's: a possessive ("Tunde's orders",
 * "my wife's balance", "someone else's cart"), "his/her/their" before the data, or "for/of" a
 * name ("orders for Tunde"). The user's own name is theirs. Returns the other person as written.
 */
export function otherPerson(
  question: string,
  userName: string | undefined,
  isThing: (word: string) => boolean = () => false,
): string | undefined {
  const own = new Set((userName ?? "").toLowerCase().split(/\s+/).filter(Boolean));
  const plain = question.replace(/[‘’`´]/g, "'");
  const relative =
    new RegExp(`\\b(?:my|our)\\s+(${RELATIVES})(?:'s${OWNED}|\\s+(?:account|wallet|card|${DATA_NOUNS})\\b)`, "i").exec(
      plain,
    ) ??
    new RegExp(`\\b(?:did|does|has|have|is|was|were|will|can|could)\\s+(?:my|our)\\s+(${RELATIVES})\\b`, "i").exec(
      plain,
    ) ??
    new RegExp(`^\\W*(?:my|our)\\s+(${RELATIVES})\\s+(?:\\w+\\s+)?(?:${SUBJECT_VERBS})\\b`, "i").exec(plain);
  if (relative) return `your ${(relative[1] as string).toLowerCase()}'s`;
  if (/\b(?:someone|somebody|anyone|anybody) else's\b/i.test(plain)) return "someone else's";
  // An email address names an account: the agent acts for the signed-in user only, who never needs to give one.
  const email = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(plain);
  if (email) return `${email[0]}'s`;
  for (const match of plain.matchAll(new RegExp(`\\b([A-Za-z]+)'s${OWNED}`, "g"))) {
    const word = (match[1] as string).toLowerCase();
    if (NOT_PEOPLE.has(word) || own.has(word) || MONTHS_AND_DAYS.test(word) || isThing(word)) continue;
    // The whole name: capitalized words just before the possessive ("Ngozi Bello's").
    const before = /((?:\b[A-Z][a-z]+\s+)*)$/.exec(plain.slice(0, match.index))?.[1] ?? "";
    const names = words(before.toLowerCase()).filter(
      (name) => !NOT_PEOPLE.has(name) && !STARTERS.has(name) && !own.has(name),
    );
    return `${[...names, word].map(capitalized).join(" ")}'s`;
  }
  const pronoun = new RegExp(`\\b(his|her|their|our)\\s+(?:\\w+\\s+)?(${DATA_NOUNS})\\b`, "i").exec(plain);
  if (pronoun) return (pronoun[1] as string).toLowerCase();
  // "How much did she spend?": someone else's spending, said by a pronoun.
  const theirs =
    /\b(?:did|does|has|have|is|was)\s+(she|he|they)\s+(?:spend|spent|buy|bought|order|ordered|earn|earned)\b/i.exec(
      plain,
    )?.[1];
  if (theirs) return ({ she: "her", he: "his", they: "their" } as Record<string, string>)[theirs.toLowerCase()];
  // A name doing something with money or orders ("did Tunde buy…"), not a merchant that charged ("has Netflix cost me").
  const subject =
    /\b(?:did|does|has|have|is|was|were|will)\s+([A-Z][a-z]+)\s+(?:\w+\s+)?(?:spend|spent|buy|bought|order|ordered|pay|paid|receive|received|earn|earned|get|got|send|sent|transfer|transferred|make|made|have|has|had|owe|owes)\b(?!\s+(?:me|us)\b)/.exec(
      plain,
    ) ?? lowerCaseSubject(plain, own, isThing);
  if (
    subject &&
    !own.has((subject[1] as string).toLowerCase()) &&
    !MONTHS_AND_DAYS.test(subject[1] as string) &&
    !isThing((subject[1] as string).toLowerCase()) &&
    !NOT_PEOPLE.has((subject[1] as string).toLowerCase())
  )
    return `${subject[1]}'s`;
  // "Transactions for Tunde"; "money for Mum" is money the user sent.
  const named =
    new RegExp(
      `\\b(?:${DATA_NOUNS})\\b.*\\b(?:for|of|belonging to)\\s+(?!(?:${RELATIVES})\\b)([A-Z][a-z]+)\\b`,
      "",
    ).exec(plain) ??
    // "What's Tunde Bakare balance?": a name said before the data without "'s".
    /\b([A-Z][a-z]+)(?:\s+[A-Z][a-z]+)?\s+(?:balance|wallet|orders|transactions|account)\b/.exec(plain);
  if (
    named &&
    !own.has((named[1] as string).toLowerCase()) &&
    !MONTHS_AND_DAYS.test(named[1] as string) &&
    !STARTERS.has((named[1] as string).toLowerCase()) &&
    !ENGLISH_WORDS.has((named[1] as string).toLowerCase()) &&
    !NOT_PEOPLE.has((named[1] as string).toLowerCase())
  )
    return `${named[1]}'s`;
  return undefined;
}

/**
 * What a possessive must own to be someone's data: data ("Tunde's orders", "my wife's wallet
 * balance"), or nothing said after it ("show me Tunde's"); not a thing of their life ("my cousin's
 * wedding", "my mum's 60th").
 */
const OWNED = `(?=\\s+(?:[\\w-]+\\s+){0,2}?(?:account|accounts|wallet|card|details|data|info|stuff|${DATA_NOUNS})\\b|\\s*(?:[.?!,;]|$))`;

/** A name written in lower case as the one who spent ("how much has chidi obi spent"): a word no dictionary or catalog holds. */
function lowerCaseSubject(
  plain: string,
  own: ReadonlySet<string>,
  isThing: (word: string) => boolean,
): RegExpExecArray | undefined {
  const found =
    /\b(?:did|does|has|have)\s+([a-z]+)(?:\s+[a-z]+)?\s+(?:spent|spend|bought|buy|paid|pay|received|earned|ordered|order)\b(?!\s+(?:me|us)\b)/.exec(
      plain.toLowerCase(),
    );
  const word = found?.[1];
  if (!found || !word || ENGLISH_WORDS.has(word) || NOT_PEOPLE.has(word) || own.has(word) || isThing(word))
    return undefined;
  found[1] = capitalized(word);
  return found;
}

/** People close to the user: "my husband" is someone else, whose data the agent does not look at. */
const RELATIVES =
  "sis|bro|mama|papa|mummy|mommy|daddy|auntie|aunty|hubby|wifey|bestie|husband|wife|partner|spouse|boyfriend|girlfriend|fiance|fiancee|sister|brother|mum|mom|mother|dad|father|son|daughter|kid|kids|child|children|friend|boss|colleague|flatmate|roommate|neighbour|neighbor|aunt|uncle|cousin|grandma|grandpa|grandmother|grandfather|niece|nephew|parents|in-laws|landlord|landlady|tenant|tenants|driver|maid|housemate|classmate|customer|customers";
/** What the relative may be the subject of ("my sister bought…"). */
const SUBJECT_VERBS = "spent|spend|spends|bought|buy|buys|earned|earns|received|receives|ordered|orders|has|had";

/** Capitalized words that begin a question, not a name ("Show Ngozi's orders"). */
const STARTERS = new Set(
  "show list get give tell find check what whats where when how did does is are can could please and or for of see display open view fetch pull has have had was were my your total which any all recent latest last".split(
    " ",
  ),
);

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "I can't … here. I can: …" — what the agent can do, from the actions' summaries. */
export function capabilities(actions: readonly ActionDefinition[]): string {
  const summaries = actions.map((action) => action.understanding?.summary ?? action.description.replace(/\.$/, ""));
  return `I can ${summaries.join("; ")}`;
}

/** "What can you do?", "help": a question about the agent itself, answered with what it can do. */
export function asksForHelp(text: string): boolean {
  return /^ (?:\S+ ){0,8}?(?:what (?:can|could|do|else can) (?:you|u|i) (?:actually |really |even |exactly |possibly )?(?:do|help|ask)|what (?:sort|kind|type|sorts|kinds|types) of (?:things|stuff|questions|help|requests) (?:can|could|do|are) (?:you|u|i)|what are you (?:able|for|good)|(?:are|r) (?:you|u) able to help|what do you do|how (?:can|do|could) you help|what are your (?:capabilities|features|skills)|what is this|who are you|who be you|who you be|what are you|na human|(?:am i )?talking to (?:a )?(?:real )?(?:person|human|bot|robot|machine)|(?:real person|human) or (?:a )?bot|(?:is this|are you|r u) (?:a )?(?:human|real person|bot|robot)|are (?:you|u) (?:a |an )?(?:real|human|person|bot|robot|ai|machine)|help|menu|options|commands)\b/.test(
    text,
  );
}

/**
 * "What's in my cart?", "cart total", "what have I added?": a read of the cart, which no action
 * makes (the cart's own stream shows it). Not a failure: nothing wrong was asked.
 */
export function asksAboutCart(text: string): boolean {
  return (
    (/\b(?:cart|basket|trolley)\b/.test(text) || /\bwhat (?:have|did) i (?:add|added|put)\b/.test(text)) &&
    /^ (?:\w+ ){0,3}?(?:what|whats|what's|wetin|show|list|check|see|view|how|is|are|tell|display|read|open|total|contents|items)\b|\b(?:in|inside) (?:my|the) (?:cart|basket|trolley) (?:right now|now|currently|at the moment)?\s*$|\bwhat (?:have|did) i (?:add|added|put)\b|\b(?:cart|basket) (?:total|contents|items|subtotal)\b/.test(
      text,
    )
  );
}

/** Things a user may ask to read that no action reads, beside the cart: what each is called in the answer. */
const UNREAD: [RegExp, string][] = [
  [/\bsavings?(?: pot| account| balance| goal)?s?\b/, "your savings"],
  [/\b(?:exchange|conversion|fx) rates?\b|\bwhat(?:'s| is) the rate\b|\brate (?:today|now)\b/, "exchange rates"],
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

/** A greeting or thanks and nothing else ("hello", "thanks!"): answered in kind, with nothing sent. */
export function smallTalk(text: string): "a greeting" | "thanks" | undefined {
  if (/^ (?:hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening|day))(?: there| agent| bot)? $/.test(text))
    return "a greeting";
  if (
    /^ (?:(?:ok|okay|great|cool|perfect) )?(?:thanks|thank you|cheers|thx)(?: (?:a lot|so much|very much))? $/.test(
      text,
    )
  )
    return "thanks";
  return undefined;
}

/** Whether a question holds any of the phrases. */
export function mentions(question: string, phrases: readonly string[]): boolean {
  const text = normalize(question);
  return phrases.some((phrase) => hasPhrase(text, phrase));
}
