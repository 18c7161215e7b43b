/**
 * A request that depends on a change no action makes: "cancel my order and add rice instead",
 * "transfer 20 dollars to mum and add zobo with the rest", "refund me, then add eggs", "remove the
 * garri and put ofada there", "pay for ORD-7F3K2Q and add a bag to it". The part
 * that can be done is not done either: half of a plan is not what was asked.
 */
const DEPENDS =
  /\b(?:instead|in (?:its|their|it's) place|in place of|to replace|replace (?:it|them|that)|swap(?:ped)? (?:it|them|for)|with the (?:rest|remainder|balance|change|refund|money)|the (?:rest|remainder|remaining|leftover|change|refund)|what(?:'s| is|ever is) left|whatever (?:remains|is left)|left ?over|(?:that|this|the) money|money (?:from|back)|use (?:it|that|this|the money|the refund|the rest|am)|then|after(?:wards| that| this| you| u| it| doing| which)?|once (?:that|it|you|u|done|this)|when (?:that|it|you|u)(?:'?s| is| are| have|'ve)? (?:done|through|processed|cancelled|canceled|refunded|sent|gone)|so (?:that )?(?:i|we) (?:can|could|fit|go)|and use|with (?:it|am|the|that|this) (?:naira|dollars?|cash|funds|money|change|proceeds|refund|rest|balance)|with (?:it|am)|(?:back|again) (?:in|into|for|to|inside) (?:my |the )?cart|reorder|(?:to )?make up for|to compensate|in exchange|to cover for|to balance it|fresh|afresh|anew|i wan change|i want to change|(?:add|put)\b[^.!?\n]{0,50}\b(?:to|into|inside) (?:it|am|(?:the|that|this|my|the same) order)|put\b[^.!?\n]{0,50}\bthere|for the space|in (?:its|the) space)\b/i;

/** A removal from the cart, said up to the next part or "and". */
const REMOVAL = /\b(?:remove|take (?:out|off)|delete|comot|drop)\b[^,.;!?\n]*?(?=\s+(?:and|then)\b|[,.;!?\n]|$)/i;

/** Words that say the add stands alone, whatever becomes of the removal. */
const INDEPENDENT =
  /\b(?:too|also|as well|anyway|anyhow|regardless|whatever happens|either way|in any case|separately|on its own|whether or not)\b/i;

/** The words that make the rest of the message depend on the change that cannot be made, if any. */
export function dependsOn(message: string, impossible: string | undefined): string | undefined {
  if (!impossible) return undefined;
  // A swap, replacement or exchange is one change: its add half is the other half of what cannot be done.
  const swap = /^(?:swap|replace|exchange|switch|substitute|change)\b/.exec(impossible)?.[0];
  return swap ?? DEPENDS.exec(message)?.[0] ?? (/^remove\b/.test(impossible) ? removalFirst(message) : undefined);
}

/**
 * A removal from the cart said before an add is a swap ("remove the tomatoes from my cart and put
 * 2 buckets of tatashe"), unless the add is said to stand alone ("…, and whatever happens with
 * that, add 1 bag of charcoal too"). An add said first is a request of its own ("add 1 bag of
 * garri and remove the yam").
 */
function removalFirst(message: string): string | undefined {
  const removal = REMOVAL.exec(message);
  if (!removal || INDEPENDENT.test(message)) return undefined;
  return /\b(?:add|put|buy|include|get me)\b/i.test(message.slice(removal.index + removal[0].length))
    ? removal[0]
    : undefined;
}
