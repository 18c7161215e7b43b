/**
 * Someone else doing the buying, as told ("Emeka don buy 4 tubers", "Nobody dey buy watermelon",
 * "my sister brought 2 kegs"): the verb is theirs, not a request of the user's.
 */
const OTHERS_DO =
  /^\W*(?:(?:nobody|no one|everybody|everyone|somebody|someone|anybody|anyone|people|they|dem|he|she|mama|papa|mum|mom|mummy|mommy|dad|daddy|baba|iya|aunty|auntie|uncle|oga|madam)\s+(?:(?:dey|don|go|will|would|has|have|had|just|already|never|no|did|does|do|always|usually|cannot|can'?t|won'?t|must|should|might|may|still)\s+)*|(?:[A-Z][a-z]+(?:'s)?(?:\s+[A-Z]?[a-z]+)?|(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir|[Tt]he)\s+[a-z]+(?:'s\s+[a-z]+)?)\s+(?:(?:dey|don|go|will|would|has|have|had|just|already|never|did|does|always|usually|still)\s+)+)(?:buy|bought|bring|brought|add|added|put|get|got|order|ordered|purchase|purchased|send|sent|buys|adds|orders|gets)\b|^\W*(?:[A-Z][a-z]+(?:'s)?(?:\s+[A-Z]?[a-z]+)?|(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir|[Tt]he)\s+[a-z]+(?:'s\s+[a-z]+)?)\s+(?:bought|brought|added|ordered|purchased|sent|got)\b/;

/** Words that open a request, never a subject ("Please add…", "Abeg buy…"). */
const ASKING_START =
  /^\W*(?:please|pls|plz|kindly|abeg|biko|oya|and|so|but|then|also|just|now|ok|okay|yes|sorry|add|buy|put|get|order|include|grab)\b/i;

/** Whether a part tells what someone else does or did with a purchase verb, rather than asking for it. */
export function othersDo(part: string): boolean {
  return !ASKING_START.test(part) && OTHERS_DO.test(part);
}
