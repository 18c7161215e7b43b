import { ABBREVIATIONS, ENGLISH_WORDS } from "./english.ts";

/** The comma of a thousands separator: "₦65,000" is one amount, 65000, never 65 and 000. */
export const THOUSANDS = /(?<=\d),(?=\d{3}\b)/g;

/** A question made ready for matching: lower case, plain apostrophes, words separated by single spaces. */
export function normalize(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(THOUSANDS, "")
    // "$ in this month?", "how much $$ went out": the sign alone is money.
    .replace(/(^|\s)[$₦]+(?=\s|[?!.,]|$)/g, "$1money")
    // A number keeps its decimal point ("$1,200.50" is 1200.50).
    .replace(/(?:(?<!\d)\.|\.(?!\d)|[^a-z0-9_'\-₦$.])+/g, " ")
    .replace(/(^| )['-]+|['-]+( |$)/g, " ")
    // "This weeks transactions", "last month's total": the period, its possessive dropped.
    .replace(/\b(this|last|past|previous|next) (week|month|year)(?:'s|s')?s?\b/g, "$1 $2")
    .trim()} `.replace(/\s+/g, " ");
}

/** The words of a normalized text. */
export function words(normalized: string): string[] {
  return normalized.trim().split(" ").filter(Boolean);
}

/** Whether a normalized text holds a phrase as whole words. */
export function hasPhrase(normalized: string, phrase: string): boolean {
  return normalized.includes(normalize(phrase));
}

/** Common words that look like a vocabulary word one letter away, and must never be "corrected" into it. */
const COMMON = new Set(
  "todo todos reminder note notes list there their these those which would could should about after before every other today thing things money please thanks land landed lands hit rate rates deliver delivers arrive arrives reach reached ship ships ending ends hello weather where when what whats much many have with from your some into just like know need want time same said paid sent send spent tell show give more most made make last past this that than then them they were been being also only over under month week year days still".split(
    " ",
  ),
);

/** Short words that are words already. */
const SHORT = new Set(
  "the for and are you how did was can not any all has had her his its our out who why yes got new now old see way may day use she him let put say too own off get buy add two six ten one few lot per via yet ago far big bit end fun guy job law man men run set sit top try win won bag box can cut due eat egg oil pay tea war dear does done each else from here into just kind like long look made make many more most much must name need next only open over part same seem show side some such take tell than that them then they this time upon very want well were what when will with work year your also back been both came come down even ever give good have high hold home keep last left less live lost mine miss much near once onto plus rest said sent send spend fail went told".split(
    " ",
  ),
);

/**
 * Fixes typos against a vocabulary: a word it does not know, of five letters or more, becomes
 * the one known word within one edit (two for words of eight letters or more), when exactly one
 * is that close. Words `kept` are known but no word is corrected to them (a product's alias
 * "pear" is no typo of "year", and "chidi" is not made "chili"). Returns the text and what was
 * changed, for --explain.
 */
export function correctTypos(
  normalized: string,
  vocabulary: ReadonlySet<string>,
  kept: ReadonlySet<string> = new Set(),
): { text: string; fixes: string[] } {
  const fixes: string[] = [];
  const fixed = words(normalized).map((word) => {
    const short = ABBREVIATIONS[word];
    if (short !== undefined && !vocabulary.has(word)) {
      fixes.push(`${word}→${short}`);
      return short;
    }
    if (
      word.length < 3 ||
      vocabulary.has(word) ||
      kept.has(word) ||
      COMMON.has(word) ||
      SHORT.has(word) ||
      ENGLISH_WORDS.has(word) ||
      /\d|_/.test(word)
    )
      return word;
    // A plural the vocabulary lacks is its singular's typo, plural again ("chikens" → "chickens").
    const best =
      nearestKnown(word, vocabulary) ??
      (word.endsWith("s") && word.length > 4 && !vocabulary.has(word.slice(0, -1))
        ? plural(nearestKnown(word.slice(0, -1), vocabulary))
        : undefined);
    if (!best) return word;
    fixes.push(`${word}→${best}`);
    return best;
  });
  // A word read as nothing ("don" of "I don spend") leaves no gap.
  return { text: ` ${fixed.filter(Boolean).join(" ")} `, fixes };
}

/** Whether a word is a typo of another: within one edit (two from eight letters), a swap of two letters counting one; five letters or more. */
export function closeTo(word: string, other: string): boolean {
  if (word.length < 5 || other.length < 5) return false;
  const limit = word.length >= 8 ? 2 : 1;
  return Math.abs(word.length - other.length) <= limit && editDistance(word, other, limit) <= limit;
}

/** Damerau–Levenshtein distance (adjacent swaps count once), giving up above `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  // rows[i][j]: the distance of a's first i letters from b's first j; the first row and column counted at once.
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  // Every cell read is inside the table and filled before it is read; one outside it would be no way at all.
  const cell = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (const [i, row] of rows.entries()) {
    if (i === 0) continue;
    let smallest = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(cell(i - 1, j) + 1, cell(i, j - 1) + 1, cell(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, cell(i - 2, j - 2) + 1);
      row[j] = value;
      smallest = Math.min(smallest, value);
    }
    if (smallest > limit) return limit + 1;
  }
  return cell(a.length, b.length);
}

/** Singular of a simple English plural, for matching product words ("tomatoes" → "tomato"). */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith("oes")) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith("aves")) return `${word.slice(0, -3)}f`;
  if (word.length > 4 && /(?:ch|sh|x|ss|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** A word's letters without its vowels after the first ("spend" → "spnd"). */
function withoutVowels(word: string): string {
  return word[0] + word.slice(1).replace(/[aeiou]/g, "");
}

/** Whether every letter of `part` appears in `whole`, in order. */
function isSubsequence(part: string, whole: string): boolean {
  let at = 0;
  for (const letter of whole) if (letter === part[at]) at++;
  return at === part.length;
}

/** The one known word a word is a typo of: within one edit (two from eight letters), or the letters without vowels. */
function nearestKnown(word: string, vocabulary: ReadonlySet<string>): string | undefined {
  const limit = word.length >= 8 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = limit + 1;
  let ties = 0;
  // Of two as close, the one ending as the word does ("monts": months, not month).
  let sameEnd: string | undefined;
  for (const known of vocabulary) {
    // Short words change little: three letters only gain one ("wek" → "week"), four keep their length ("yera" → "year", not "rice" → "price").
    if (
      known.length < 4 ||
      Math.abs(known.length - word.length) > limit ||
      (word.length === 3 && known.length !== 4) ||
      (word.length === 4 && known.length !== 4)
    )
      continue;
    const distance = editDistance(word, known, limit);
    const ending = known.at(-1) === word.at(-1);
    if (distance < bestDistance) [best, bestDistance, ties, sameEnd] = [known, distance, 1, ending ? known : undefined];
    else if (distance === bestDistance && distance <= limit) {
      ties++;
      if (ending) sameEnd = sameEnd === undefined && best?.at(-1) !== word.at(-1) ? known : undefined;
    }
  }
  if (ties > 1 && sameEnd) best = sameEnd;
  else if (ties > 1) best = undefined;
  // Vowels left out ("spnd" → "spend", "blnce" → "balance"): the one known word the letters spell without them,
  // unless one letter added spells a word ("egs" is eggs, not egusi).
  const voweless = [...vocabulary].filter(
    (known) =>
      known.length > word.length &&
      known[0] === word[0] &&
      withoutVowels(known) === withoutVowels(word) &&
      isSubsequence(word, known),
  );
  const oneAdded = best !== undefined && best.length === word.length + 1 && isSubsequence(word, best);
  if (voweless.length === 1 && !oneAdded) best = voweless[0];
  return best;
}

/** A word's plural, as the plural typo asked for it. */
function plural(word: string | undefined): string | undefined {
  return word === undefined ? undefined : `${word}s`;
}
