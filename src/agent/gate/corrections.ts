/**
 * Putting a count right: a count said again after "no wait", "sorry", "correction:" ("…, no wait,
 * make it 2"), the words of putting right said alone ("oops", "forgive me"), and a count alone
 * after them ("but 2").
 */

/** A count said again to put right the one before ("…, no wait, make it 2", "sorry, I meant 3"). */
export const CORRECTION =
  /^(?:(?:(?:no|nah|sorry|wait|actually|oops|oh|i mean|or rather|rather|correction|forgive me|pardon(?: me)?)[\s,:]*)+(?:(?:make (?:it|that|them|am)|change (?:it|that|the (?:quantity|number|count)) to|i meant?|let it be|better)\s+)?|(?:(?:so|then|ok|okay)\s+)?(?:make (?:it|that|them|am)|change (?:it|that|the (?:quantity|number|count)) to|i meant?|let it be|better)\s+)(?:just\s+|only\s+)?(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\s+[a-z]+)??(?:,?\s+(?:not|no be|instead of)\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\s+[a-z]+)?)?(?:\s+(?:instead|then|please|pls|abeg|only))*(?:\s+(?:will do|would do|is enough|is fine|is ok(?:ay)?|should do|will be enough|is plenty|are enough|are plenty|is better|na im)\b)?(?:\s+(?:sha|o+|oh|jare|biko|abeg|pls|please|after all|final(?: answer)?|last|that'?s all))*(?:\s+for\b[^.!?]*)?\W*$/i;

/** Words that put right what came before, said alone ("oops", "sorry", "wait", "ehn actually"). */
export const RIGHTING =
  /^(?:(?:oops|sorry|wait|actually|ehn|ehen|hmm+|oh|ah|abeg|forgive me|pardon(?: me)?|no,? wait|no,? sorry|nah,? sorry|no,? my bad|my bad|typo|na typo|my typo|my mistake|mistake|correction|i mean)[\s,!.—–-]*)+$/i;

/** A count said alone ("2", "but 2", "two"). */
export const BARE_COUNT =
  /^(?:(?:but|just|only|rather|so|instead|actually)\s+)*(?:(?:add|put|buy|get|order|give me|make it)\s+)?(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\s+(?:crates?|bags?|kegs?|bottles?|tubers?|bunch(?:es)?|buckets?|baskets?|packs?|heads?|wraps?|birds?|sachets?|cobs?|pieces?))?(?:,?\s+(?:not|no be|instead of)\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\s+[a-z]+)?)?(?:\s+(?:instead|only|please|pls))*(?:\s+(?:will do|would do|is enough|is fine|is ok(?:ay)?|should do|will be enough|is plenty|are enough|are plenty|is better|na im)\b)?(?:\s+(?:sha|o+|oh|jare|biko|abeg|pls|please|after all))*(?:\s+for\b[^.!?]*)?\W*$/i;

/** A count in digits or words, after which a count alone may put it right. */
export const COUNT_DIGITS = /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/i;
