/**
 * Negation and taking back. "Don't / no need to / never / not / forget / skip…" covers what
 * follows it in its part of the message: the action and the product it governs ("don't add
 * the eggs"). A part that only takes back ("actually no", "scratch that", "never mind") covers
 * every request before it. A later part can still ask for something else.
 */

/** Words that negate what follows them in a part of a message. */
const CUE =
  /\b(?:don'?t|do not|do n't|doesn'?t need|never|no need(?: to| for)?|needn'?t|you (?:don'?t|do not) (?:have|need) to|there'?s no need to|no|not|nor|stop|quit|avoid|skip|scratch|strike(?: off| out)?|cross (?:off|out)|forget(?: about)?|leave(?: out| off)?|omit|exclude|without|hold off(?: on)?|minus|except|apart from|other than|instead of|rather than|i (?:don'?t|do not|no) (?:want|need)|make (?:you|u) no|no go|abeg no|rara|nothing|none|zero|no wan(?:t)?|i no go|(?:i |we )?(?:wasn'?t|was not|weren'?t|were not|am not|'m not|im not) (?:asking|telling|saying)|(?:i |we )?(?:didn'?t|did not|never|haven'?t|have not) (?:ask|asked|say|said|tell|told|want|wanted|mean|meant)|not asking)\b/i;

/** Words that hold a negation word but negate no request ("don't forget to add", "no problem", "not sure"). */
const NOT_A_NEGATION =
  /\b(?:don'?t|do not|never) forget\b|\bno [a-z]+ (?:is|are) (?:worth|better|as good|like)\b|\b(?:i|we|dem|e|she|he)\s+no\s+get\s+(?:time|chance|strength|power|energy|patience)\b|\b(?:before|so|lest) (?:i|we) forget\b|\bno (?:problem|wahala|vex|worries|doubt|matter|be small)\b|\bnot (?:sure|only|just|too bad)\b|\b(?:whether|if) or not\b|\bif not\b|\b(?:not|no) (?:more|less|higher|lower|cheaper|dearer) than\b|\bnot (?:exceeding|over|above|up to)\b|\bno pass\b|\bnothing else\b|\b(?:nothing|not) to do with\b|\bnot related\b|\bno relation\b|\bwhy not\b|\bno (?:be )?lie\b|\b(?!(?:i|we|me|make|abeg|and|but|so|please|pls)\b)[a-z]+s\s+no\s+dey\b|\b(?:have|has|had|got|there'?s|there is|there are|with) no\b(?! need)|\b(?:they|he|she|it|dem|e|kids|children|people|everybody|everyone|nobody|(?:the|my|our|this|that)\s+[a-z]+(?:\s+[a-z]+)?|\d+)\s+(?:no|not|don'?t|doesn'?t|didn'?t|never|no dey|no go|no too)\b(?!\s+(?:want|need)\b)/gi;

/** Two negations that say a thing is needed ("my soup is not complete without iru", "without stockfish it's not soup"). */
const NEEDED =
  /\b(?:(?:is|are|was|were|'s)\s+(?:not|never|nothing)|isn'?t|aren'?t|wasn'?t|no be)\b[^.!?,;]{0,25}?\bwithout\b|\bwithout\b[^.!?,;]{0,25}?\b(?:(?:is|are|'s)\s+not|isn'?t|aren'?t|no be)\b/gi;

/** A part that only takes back what came before it. */
export const TAKE_BACK =
  /^\W*(?:(?:but|so|and|oh|ah|wait|hmm+|ok|okay|sorry|actually|no wait|wait no|no|on second thoughts?|second thoughts?|hold on|my bad|abeg|lol|ehn|ehen|nvm|never ?mind)[\s,]*)*(?:(?:no+|nope|nah|naa|no o+|not that|scratch (?:that|dat|dis|this)|scrap (?:that|dat|dis|this|it|am)|strike that|never ?mind(?: that| o)?|nvm(?: (?:that|dat))?|nevamind|jk|j\/k|just kidding|just joking|kidding|joking|(?:i'?m|i am) (?:just )?(?:kidding|joking)|cancel (?:that|dat|dis|am)|forget (?:it|that|about it|about that|am)|cancel that|ignore that|ignore (?:my|the) (?:last|previous) (?:message|request)|leave it|leave am|don'?t|do not|not now|not yet|rara|make i (?:ask|check with|hear from) [a-z ]{1,25}? ?first|let me (?:ask|check with|confirm with) [a-z ]{1,25}? ?first|make i think am first|let me think(?: about it)?(?: first)?|on second thoughts?|(?:i'?ve |i have |i )?changed? my mind(?: o)?|change of plans?|plans? (?:has |have )?changed|(?:i )?no (?:want|wan|need) am again|i don'?t (?:want|need) (?:it|them|that) (?:anymore|again)?)\W*)+$/i;

/** A joke owned up to at the end of a part ("add 2 crates of eggs lol jk", "… just kidding"): the part and what came before are taken back. */
const JOKING =
  /(?:^|\s)(?:(?:lol|lmao|haha+|hehe)\s+)?(?:jk|j\/k|just kidding|just joking|kidding|joking)(?:\s+(?:jk|j\/k|lol|haha+))*\W*$/i;

/** Whether a part of a message takes back the requests before it ("actually no", "never mind", "jk"). */
export function takesBack(part: string): boolean {
  return TAKE_BACK.test(part) || JOKING.test(part);
}

/** "Nothing", "none", "no" after the verb they negate ("add nothing", "I want no eggs"): the negation starts at the verb. */
const VERB_BEFORE = /\b(?:add|buy|put|order|get|include|throw|want|need|wan|take|grab)\s+(?:me\s+)?$/i;

/** Where a negation starts in a part of a message (its cue's index, or the verb it negates), or -1. */
export function negationAt(part: string): number {
  const masked = part
    .replace(NEEDED, (found) => "_".repeat(found.length))
    .replace(NOT_A_NEGATION, (found) => "_".repeat(found.length));
  const at = CUE.exec(masked)?.index ?? -1;
  if (at < 0) return at;
  // "- ofada: no need": a negation said of a label covers the label.
  if (/^\W*[^:\d]{1,40}:\s*$/.test(part.slice(0, at))) return 0;
  const verb = VERB_BEFORE.exec(part.slice(0, at));
  return verb ? verb.index : at;
}
