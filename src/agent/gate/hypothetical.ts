/**
 * Hypotheticals and questions about a change: "what if I add…", "if I were to buy…", "would I
 * have enough…", "how much would 2 … cost", "should I add…". They ask about a change and are
 * answered from reads; they never make it. A polite request ("would you add…", "could you…",
 * "would it be possible to add…") is no hypothetical.
 */
const HYPOTHETICAL =
  /\bwhat if\b|\b(?:earlier|yesterday|already|last (?:time|week|night)|this morning)\b[^.!?;]{0,40}(?<!\b(?:ones?|that|which|what|those|these|as|like)\s+)\b(?:i|we)\s+(?:put|added|bought|ordered|got)\b|(?<!\b(?:ones?|that|which|what|those|these|as|like)\s+)\b(?:i|we)\s+(?:already\s+|just\s+)?(?:put|added|bought|ordered)\b[^.!?;]{0,60}\b(?:earlier|yesterday|already|last (?:time|week|night)|this morning)\b|(?<!\b(?:ones?|that|which|what|those|these|as|like)\s+)\b(?:i|we)\s+(?:already\s+|just\s+)?(?:added|bought|ordered)\b|\b(?:i|we)\s+(?:dey\s+|am\s+|'m\s+)?wonder(?:ing)?\b|\bwhether\b|\b(?:did|have|has|had)\s+(?:you|u)\s+(?:already\s+|just\s+|not\s+)?(?:add|added|put|buy|bought|include|included|order|ordered)\b|\b(?:you|u)\s+(?:don|done|have|'ve|don already)\s+(?:add|put|buy|include)|\bwhy (?:did|do|would|have|has) (?:you|u)\b|\bwho (?:told|asked) (?:you|u)\b|\bwhat (?:would|will|could) happen\b|\bwhat happens (?:if|when)\b|\bif (?:i|we) (?:asked|told|said|wanted)\b|\bwhat (?:would|will|'?d) (?:it|that|this|they|my|the|i)\b|\bif (?:i|we) (?:were|was|did|had|added|bought|got|ordered|took|put|purchased|grabbed|included|decide|decided|want(?:ed)? to)\b|\bif (?:i|we) (?:add|buy|get|order|take|put|purchase|grab|include)\b|\bsuppos(?:e|ing)\b|\bimagine\b|\bhypothetical(?:ly)?\b|\bin theory\b|\bjust curious\b|\bwould (?:i|we|it|that|this|they|my|there|the|2|3|4|5|\d+)\b|\bhow much (?:would|will|'?d|go|e go|e fit)\b|\bhow much (?:(?:is|are|does|do) )?(?:it|that|they|\d+|two|three|four|five|six|ten) (?:go(?:ing)? to|gonna) cost\b|\b(?:could|can|would|will) (?:i|we) (?:still )?afford\b|\b(?:do|does|would|will|did) (?:i|we) (?:still )?(?:have|get) enough\b|\b(?:have|has) (?:i|we) (?:still )?got enough\b|\b(?:is|was) (?:it|that|my balance|my money|my wallet) enough\b|\benough (?:money |cash |funds )?(?:to|for)\b|\bshould (?:i|we)\b|\b(?:is|would) it (?:be )?(?:worth|a good idea|wise|smart|better|cheaper|ok(?:ay)? (?:for me )?to (?:buy|get))\b|\bworth (?:buying|adding|getting|it)\b|\bdo you (?:think|reckon|suggest|recommend)\b|\bwould you (?:recommend|advise|suggest)\b|\bwhat do you (?:think|suggest|recommend|advise)\b|\b(?:i|we) (?:was|were) (?:going to|gonna|about to|planning to|thinking of|meaning to|hoping to)\b|\b(?:i|we) (?:had planned|had meant|meant|intended|planned) to\b|\b(?:i|we) (?:would|'?d|could) have\b|\b(?:i'?m|i am|we'?re|we are|i dey|we dey) (?:thinking|considering|contemplating|planning|debating|wondering|think|plan|consider)\b|\b(?:i|we) (?:might|may)\b|\b(?:maybe|perhaps|possibly)\b|\bwith (?:my|the) (?:balance|wallet|money|funds)\b|^\W*say (?:i|we)\b|\b(?:e|it|am) go (?:reach|be|cost|come to)\b|\bhow much (?:e|am) go\b|\bif (?:i|we) wan\b|\b(?:were|had) (?:i|we) to\b|^\W*(?:just\s+|still\s+)?(?:thinking|considering|contemplating|debating|planning) (?:of|about|on|whether|if)\b/i;

/** Politeness that asks for a change, which the words above must not read as a hypothetical. */
const POLITE =
  /\bwould it be (?:possible|ok(?:ay)?|alright|fine|too much(?: trouble)?) (?:to|if you|for you to)\b|\bwould you (?:mind|be (?:able|so kind)|please|kindly)\b|\bif (?:you|u) would\b/gi;

/** The words that make a part of a message a hypothetical or a question about a change, if any. */
export function hypotheticalIn(part: string): string | undefined {
  return HYPOTHETICAL.exec(part.replace(POLITE, (found) => "_".repeat(found.length)))?.[0];
}

/** Words that open a supposition, which holds the rest of its sentence ("suppose…", "imagine…", "what if…", "if I were…"). */
export const SUPPOSES =
  /\b(?:suppos(?:e|ing)|imagine|what if|hypothetical(?:ly)?|in theory|let'?s say|say (?:i|we))\b|\bif (?:i|we) (?:were|was|had)\b/i;
