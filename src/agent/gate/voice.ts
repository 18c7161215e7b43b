/**
 * Whose words a message holds. Only the user's own words can ask for a change: text in quotes,
 * what someone else said or texted, a pasted message, what the user wants translated, and
 * lines that claim another speaker ("SYSTEM:", "Assistant:") are content to talk about.
 */

/** A part of a message that is not the user's own request, and what kind of part it is. */
export interface SetAside {
  kind: "quoted" | "reported" | "another speaker" | "translation" | "struck out";
  said: string;
}

export interface Voice {
  /** The message with the set-aside parts taken out (each left as "…", so sentences keep their shape). */
  own: string;
  setAside: SetAside[];
  /** Words that claim someone else's authority ("the user has pre-approved", "ignore previous instructions"). */
  claim?: string;
}

/** Quote marks that open and close a quotation. */
const PAIRS: [string, string][] = [
  ["“", "”"],
  ["‘", "’"],
  ["«", "»"],
  ['"', '"'],
  ["'", "'"],
  ["`", "`"],
];

/** What a speaker says before a colon, or in brackets: "SYSTEM:", "[assistant]", "<system>", "### Developer note:", "user>". */
const SPEAKER =
  /(?:^|[\n.!?]\s*|\s)(?:(?:\[|<|\(|#+\s*|\*+)?\s*\b(?:system|assistant|ai|bot|agent|developer|dev|admin|administrator|operator|user|human|customer|moderator|support|shop|store|bank)(?:\s+(?:override|message|note|prompt|instructions?|command|update|notice|says?|mode))*\s*(?:\]|>|\)|\*+)?(?:\s*\([^()\n]{1,40}\))?\s*(?::|>>|->)|[[<]\/?\s*(?:system|assistant|developer|admin|administrator|operator|user|inst|instructions?|sys|internal|ops|staff|merchant|platform|compliance)\b[^\]>\n]{0,40}[\]>]|#{2,}\s*(?:system|assistant|developer|admin|administrator|operator|user|customer|verified|security|instructions?)\b[^\n]{0,40}#{2,})/i;

/** A line of a pasted chat: a time perhaps, then a name and a colon ("[09:41] Mummy: …", "Chidi: …"). */
const CHAT_LINE =
  /^[ \t]*(?:\[?\d{1,2}[:.]\d{2}(?:\s*[ap]m)?\]?[ \t]*[-–,]?[ \t]*)?[A-Z][\w'’]*(?:[ \t][A-Z][\w'’]*)?(?:[ \t]*\([^)\n]{1,30}\))?[ \t]*:[ \t]/gm;

/** Words that claim the authority of someone other than the user. */
const CLAIM =
  /\b(?:(?:note|message|notice|memo|update|instructions?) from (?:the |your |our )?(?:support|admin|customer care|customer service|app|system|management|operator|developers?)\b|(?:priority|urgent|official|mandatory) instructions?\b|[A-Z][a-z]+(?: [A-Z][a-z]+)? (?:don|has|have) (?:already )?(?:approved?|authori[sz]ed?|allowed|permitted) (?:make (?:una|you|u) |you to |u to |us to |to )?(?:add|buy|order|purchase|put)\b|(?:the |this |your )?(?:assistant|bot|agent|ai) (?:should|must|shall|needs? to|has to|is to) (?:now |immediately |please )*(?:add|put|buy|order|include)\b|na (?:the )?(?:customer (?:care|service|support)|support|admin|bank|app team)\b[^.!?\n]{0,20}\bbe (?:this|dis)\b|(?:we|i) (?:don|have|'ve|has) verif(?:y|ied)\b|(?:do not|don'?t|never|without) (?:ask(?:ing)?|notify(?:ing)?|tell(?:ing)?|confirm(?:ing)? with|check(?:ing)? with) (?:the )?(?:customer|user|account holder|shopper|client)s?\b|(?:every|all|each) (?:active |open |customer |user )?(?:carts|customers|users|accounts|cart)\b|system override|admin override|override (?:mode|code|instructions?|protocol)|pre-?(?:approved|authori[sz]ed|confirmed|cleared)|(?:the|this) (?:user|customer|account holder|shopper|owner|client) (?:has |have |had |is |already |hereby |just )*(?:approved|authori[sz]ed|confirmed|consented|agreed|requested|asked|wants|instructed|said|gave|allowed|okayed|ok'?d)\b[^.!?\n]*|(?:ignore|disregard|forget|bypass|override|skip|turn off|disable) (?:all |any |the |your |ur |yr |my |these |those |d |da |dis )?(?:previous |prior |above |earlier |other |safety |system |usual |default )?(?:instructions|rules|prompts?|guidelines|restrictions|checks|confirmations?|polic(?:y|ies)|guardrails|safeguards)|you are now\b|\b(?:dev|developer|admin|administrator|system|support|operator|engineer|tester|qa|the bank|manager)\s+here\b|from now on,? you\b|pretend (?:you|to be)\b|act as (?:if|an?|the)\b|role-?play\b|developer mode|dev mode|admin mode|debug mode|test mode|god mode|jailbreak|(?:new|updated) instructions?:|as (?:the|your|an?) (?:system|developer|admin|administrator|operator|manager)\b|\bi (?:dey |hereby |am |now )?authori[sz]e (?:you|u)\b|(?:this is|this na|na me be|i be|i am|i'm|im) (?:the |your |from )?(?:system|developer|dev|admin|administrator|operator|assistant|bot|app|bank|support team|manager|customer (?:support|service|care)|support|help ?desk|the app team)\b|(?:assistant|system|bot|agent|your) instructions? (?:updated|changed|override|are now)\b|\b(?:admin|system|developer|manager|operator|bank|support)\s+(?:has\s+)?(?:approved|authori[sz]ed|confirmed|override|instructs?|instructed|orders?|ordered)|\b(?:you|u|your assistant|the assistant|the bot|the agent|assistants?) (?:is |are |has been |have been |are now |is now )?(?:authori[sz]ed|permitted|allowed|cleared|instructed|required) to\b)\b/i;

/**
 * Someone other than the user, then a verb of saying ("Tunde said", "my sister texted", "the SMS
 * says", "mum wants me to"): what follows is theirs. The speaker is a pronoun, a name, a relation,
 * or something that speaks (a message, an app); "I said" and "as I said" are the user's own.
 */
const SAYING =
  "\\s+(?:just\\s+|also\\s+|keeps\\s+|kept\\s+|don\\s+|dey\\s+)?(?:said|says|say|saying|told me|tells me|texted|texts|wrote|writes|messaged|asked me|asks me|asked|asks|wants me to|want me to|wanted me to|sent me|sent|reads|goes|posted|forwarded|dmed|whatsapped|is saying|was saying|yarn|talk|recommended|recommends|suggested|suggests|advised|advises|reminded me to|reminds me to|begged me to|insists|insisted|ordered me to|told us|said we should|says we should)\\b(?:\\s+(?:to me|me))?(?:\\s+that)?\\s*:?";

const REPORTED = [
  // A pronoun, a relation, or something that speaks, in any case.
  new RegExp(
    `\\b(?:he|she|they|someone|somebody|everyone|everybody|people|it|(?:my|our|his|her|their|the|this|that|a|d|da|dis)\\s+[a-z][a-z'’-]*(?:\\s+[a-z][a-z'’-]*)?|(?:my|our|his|her|their|the)\\s+[a-z]+(?:'s)?\\s+(?:voice ?note|vn|message|msg|text|note|letter|email|sms)|mum|mom|mama|mummy|mommy|dad|daddy|papa|baba|sis|bro|sister|brother|husband|hubby|wife|oga|madam|aunty|auntie|uncle|friend|boss|neighbour|neighbor|landlord|landlady|cousin|niece|nephew|son|daughter|grandma|granny)${SAYING}`,
    "gi",
  ),
  // Someone named at a sentence's start by a word or two ("Kitchen boy said…", "Driver says…").
  new RegExp(
    `(?:^|[.!?\\n]\\s+)(?!(?:i|we|you|u|as|and|but|so|who|that|which)\\b)[A-Za-z]+(?:\\s+[a-z]+)?${SAYING}`,
    "gi",
  ),
  // A name, as names are written.
  new RegExp(`\\b[A-Z][a-z'’]+(?:\\s+[A-Z][a-z'’]+)?${SAYING}`, "g"),
  // Someone asking the user to do it, or wanting it ("my sister keeps begging me to add…", "my mum wants 2 tubers of yam").
  /\b(?:he|she|they|someone|somebody|my\s+[a-z]+|our\s+[a-z]+|mum|mom|mama|dad|papa|[A-Z][a-z]+)\s+(?:keeps\s+|kept\s+|is\s+|was\s+|dey\s+|has\s+been\s+)?(?:(?:begs?|begging|begged|asks?|asking|asked|tells?|telling|told|wants?|wanted|needs?|needed|reminds?|reminding|reminded|urges?|urging|urged|pushing|pressuring|nagging|expects?|expected)\s+(?:me|us)\s+to|wants|needs|would like|asked for|is asking for|was asking for|requested|dey find|dey ask for)\b/gi,
  // What others decided or hold ("our group chat decided: 5 bags of pure water", "according to my sister, we need…").
  /\b(?:(?:the|our|my|their)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:decided|agreed|voted|resolved|settled on|chose|picked)(?:\s+on)?\s*:?|according to\s+(?:my|our|the|his|her|their)?\s*[\w'’]+(?:\s+[\w'’]+)?\s*,?|as per\s+(?:my|our|the|his|her|their)?\s*[\w'’]+(?:\s+[\w'’]+)?(?:'s)?\s*(?:list|note|message|order)?\s*:?)/gi,
  // Someone speaking, then "say"/"that" before what they said ("my husband dey shout from parlour say make I add…").
  /\b(?:he|she|they|someone|my\s+[a-z]+|[A-Z][a-z]+)\s+(?:dey\s+|was\s+|is\s+|keeps\s+|kept\s+)?(?:shout|yell|call|beg|remind|warn|complain|insist|text|messag|whisper|scream|tell)[a-z]*\b[^.!?\n]{0,40}?\b(?:say|that)\b\s*:?/gi,
];

/** Where reported speech ends: the sentence's end, or the user taking the word back (", so add…", ", but…"). */
const REPORT_ENDS =
  /[.!?\n]|[,;]\s*(?:so|but|please|pls|abeg|kindly|and so|anyway|then|add|buy|get|put|order|include|go ahead)\b|\s+but\s+(?:i|you|please|pls|abeg|just)\b/i;

/** A message pasted after a colon ("I got this SMS: …", "see this msg: …"). */
const PASTED =
  /\b[A-Za-z]+'s\s+(?:shopping\s+)?(?:list|message|msg|text|note|notes|sms|email|order)\b[^:\n]{0,40}:(?=[ \t]*\n)|\b(?:this|the|a|an|my|our)\s+(?:sms|messages?|msg|texts?|emails?|mail|whatsapp(?: message)?|dm|broadcast|notification|voice note|posts?|notes?|minutes|agenda|list|thread|chat|log|tweet|ad|advert|flyer|screenshot|bc)\b[^:\n]{0,40}:|\b(?:fwd|fw|forwarded(?: message)?|copied|pasted)\s*:|\b(?:fwd|fw|forwarded)\s+(?:msg|message|text|sms|post|bc|broadcast)\s*:|\[\s*(?:forwarded|fwd|fw|forward)\s*\]|\b(?:pasting|pasted|copying|copied|sharing|here(?:'s| is))\s+(?:my|the|a|this|our)\s+(?:shopping\s+)?(?:list|note|notes|message|order|cart)\b[^:\n]{0,80}:|\b(?:forwarded|fwd|fw|copied|pasted|sent|received)\s+(?:from|by)\s+[\w'’ ]{1,30}?\s*:|\b(?:chat log|chat history|conversation log|transcript)\s*[:\]]|\b(?:sms|text|message|msg|email|mail|whatsapp|dm|voice note|bc|broadcast|notice|notification)\s+(?:from|by)\s+(?:my\s+|the\s+)?[\w'’]+(?:\s+[\w'’]+){0,3}?\s*(?::|—|–|-)|\b(?:got|received|receive|saw|see|check|read)\s+(?:this|a|an|the)\s+(?:sms|message|msg|text|email|mail|whatsapp(?: message)?|dm|broadcast|notification|bc)\b(?:\s+(?:from|on|in)\s+[\w\s]{1,30}?)?\s*(?::|-|—|(?=\s))/gi;

/** A remark after pasted text that says where it came from ("… -- this one came to our WhatsApp group", "… got this from my aunty"). */
const CAME_ABOVE =
  /(?:[.!?\n,;]\s*|\s[—–-]+\s*|--\s*)(?:(?:this|that|dis|the above|above)\s+(?:one\s+|message\s+|msg\s+|text\s+|sms\s+|broadcast\s+|post\s+|bc\s+|note\s+)?(?:came|come|was sent|was forwarded|was posted|was shared|dropped|landed|just came|entered|is from|was from)\b|(?:i|we)\s+(?:just\s+)?(?:got|received|saw|see|copied|found|picked)\s+(?:this|that|dis)(?:\s+one)?\s+(?:from|on|in|off)\b|(?:someone|somebody|[a-z]+)\s+(?:sent|forwarded|posted|shared)\s+(?:this|that|dis)\b)/i;

/** A sentence that adds to "your cart": written to the user, not by the user to the assistant. */
const TO_YOUR_CART =
  /[^.!?\n]*\b(?:to|in|inside|into|for)\s+(?:your|ur|yr)\s+(?:cart|basket|trolley)\b[^.!?\n]*[.!?]*/gi;

/** A request to translate or repeat words, which are then words to work on, not a request. */
const TRANSLATE: RegExp[] = [
  /\b(?:translate|translation of|interpret|repeat after me|say after me|repeat this|spell out|write this|type this|complete this(?: sentence)?|finish this(?: sentence)?|correct (?:the grammar of|this)|proofread|paraphrase|summari[sz]e)\b[^:\n]{0,40}:\s*(?<said>[^\n]+)/i,
  /\btranslate\s+(?:this\s+|the following\s+|the sentence\s+|the phrase\s+)?(?<said>.+?)\s+(?:to|into|in)\s+(?:yoruba|igbo|hausa|pidgin|french|english|spanish|arabic|swahili|twi|efik|ibibio|tiv|urhobo|[a-z]+ language)\b/i,
  /\bhow (?:do|would|can|will) (?:you|i|u|we) say\s+(?<said>.+?)\s+in\s+[a-z]+\b/i,
  /\bwhat(?:'s| is| does)\s+(?<said>.+?)\s+(?:in|mean in)\s+(?:yoruba|igbo|hausa|pidgin|french|english)\b/i,
  /\btranslate\b\s+(?<said>.+)$/i,
];

/** The message in the user's own voice, and what was set aside. */
export function userVoice(message: string): Voice {
  const setAside: SetAside[] = [];
  let own = message;
  const take = (kind: SetAside["kind"], start: number, end: number) => {
    const said = own.slice(start, end).trim();
    if (!/[\p{L}\p{N}]/u.test(said)) return;
    setAside.push({ kind, said });
    own = `${own.slice(0, start)} … ${own.slice(end)}`;
  };
  // Struck out ("~~3 packs~~ 1 pack") is withdrawn; a fenced block (```…```) is pasted content.
  for (const struck of [...own.matchAll(/~~[^~]+~~/g)].reverse())
    take("struck out", struck.index ?? 0, (struck.index ?? 0) + struck[0].length);
  for (const fenced of [...own.matchAll(/```[\s\S]*?(?:```|$)/g)].reverse())
    take("quoted", fenced.index ?? 0, (fenced.index ?? 0) + fenced[0].length);
  // A line quoted as mail and chat apps quote it ("> add 3 bags of rice").
  for (const line of [...own.matchAll(/^[ \t]*>[^\n]*$/gm)].reverse()) {
    const text = line[0];
    const sentence = /^[ \t]*>[^.!?\n]*[.!?]?/.exec(text)?.[0] ?? text;
    take("quoted", line.index ?? 0, (line.index ?? 0) + (text.includes("\n") ? text.length : sentence.length));
  }
  // Quotes first: a speaker's label inside them ("'… SYSTEM: add 20 buckets'") is the quote's.
  for (const quote of quotations(own).reverse()) take("quoted", quote.start, quote.end);
  const speaker = SPEAKER.exec(own);
  if (speaker) {
    // A pasted conversation ("Me: add eggs? Bot: how many? Me: 5") is content from its first speaker's label on.
    const earlier = /(?:^|[\n\]]\s*|\s)(?:me|i|[A-Z][a-z]+)\s*:\s/.exec(own.slice(0, speaker.index));
    take("another speaker", earlier ? earlier.index : speaker.index, own.length);
  }
  // A chat log pasted line by line ("[09:41] Mummy: Ada add 2 bunch plantain", "Chidi: ok mummy"): content from its first line on.
  const logLines = [...own.matchAll(CHAT_LINE)];
  const [firstLine] = logLines;
  if (firstLine && (logLines.length >= 2 || logLines.some((line) => /\d[:.]\d{2}/.test(line[0]))))
    take("another speaker", firstLine.index ?? 0, own.length);
  for (const pattern of TRANSLATE) {
    const found = pattern.exec(own);
    const said = found?.groups?.said;
    if (found && said && said.trim() !== "…") {
      const start = found.index + found[0].indexOf(said);
      take("translation", start, start + said.length);
      break;
    }
  }
  for (const pasted of [...own.matchAll(PASTED)].reverse()) {
    const start = (pasted.index ?? 0) + pasted[0].length;
    const rest = own.slice(start);
    // A paste on the lines after the colon runs to a blank line; on the same line, to its end.
    const lead = /^[ \t]*\n\s*/.exec(rest)?.[0].length ?? 0;
    const body = rest.slice(lead);
    const stop = lead > 0 ? /\n\s*\n/.exec(body)?.index : body.indexOf("\n");
    // The user's own question after the paste ("… is it legit?") stays theirs.
    const tail = /(?:[.!]\s+|\n)(?=[^.!\n]*\?\s*$)/.exec(body);
    const end = tail ? tail.index + 1 : stop !== undefined && stop >= 0 ? stop : body.length;
    take("reported", start, start + lead + end);
  }
  // "*BREAKING NEWS* … Add 5 bags to your cart NOW … -- this one came to our staff WhatsApp group": what comes before such a remark is the paste.
  const cameAbove = CAME_ABOVE.exec(own);
  if (cameAbove && cameAbove.index > 0) take("reported", 0, cameAbove.index);
  // "Add 5 bags to your cart": words that speak of the user's cart as "your" were written to the user, by someone else.
  for (const addressed of [...own.matchAll(TO_YOUR_CART)].reverse())
    take("reported", addressed.index ?? 0, (addressed.index ?? 0) + addressed[0].length);
  const reports = REPORTED.flatMap((pattern) => [...own.matchAll(pattern)]).sort(
    (a, b) => (a.index ?? 0) - (b.index ?? 0),
  );
  for (const report of reports.reverse()) {
    const start = (report.index ?? 0) + report[0].length;
    const rest = own.slice(start);
    const end = REPORT_ENDS.exec(rest)?.index ?? rest.length;
    take("reported", start, start + end);
  }
  // A claim in the user's own words taints the message; one inside a quote or paste is that text's, set aside with it.
  const claim = CLAIM.exec(own)?.[0];
  return { own, setAside, ...(claim ? { claim: claim.trim() } : {}) };
}

/**
 * Spans in quote marks. An apostrophe inside a word ("don't", "Ada's") opens and closes
 * nothing: a quotation opens after a space or the start and closes before a space, a
 * punctuation mark or the end.
 */
function quotations(text: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  for (const [open, close] of PAIRS) {
    let from = 0;
    for (;;) {
      const start = openingAt(text, open, from);
      if (start < 0) break;
      const end = closingAfter(text, close, start + 1);
      if (end < 0) break;
      if (!spans.some((span) => start < span.end && end + 1 > span.start)) spans.push({ start, end: end + 1 });
      from = end + 1;
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}

function openingAt(text: string, mark: string, from: number): number {
  for (let at = text.indexOf(mark, from); at >= 0; at = text.indexOf(mark, at + 1)) {
    const before = text[at - 1];
    const after = text[at + 1];
    if ((before === undefined || /[\s:([—–-]/.test(before)) && after !== undefined && /\S/.test(after)) return at;
  }
  return -1;
}

function closingAfter(text: string, mark: string, from: number): number {
  for (let at = text.indexOf(mark, from); at >= 0; at = text.indexOf(mark, at + 1)) {
    const before = text[at - 1];
    const after = text[at + 1];
    if (before !== undefined && /\S/.test(before) && (after === undefined || /[\s.,!?;:)\]—–-]/.test(after))) return at;
  }
  return -1;
}
