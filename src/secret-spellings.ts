/**
 * Every way a client may write a known secret, character by character, so that a secret is found
 * however it travels, even written partly one way and partly another (`c%6Fde`): as is; its UTF-8
 * bytes percent-encoded, hex in either case; a space as `+` (a form); JSON escapes (`\u00f6`,
 * `\"`); HTML escapes (an answer's page); and its UTF-8 bytes read one byte a character, which is
 * how Node reads a header that carries them raw. And the whole secret as the hex of its UTF-8
 * bytes, in either case (not mixed with the other spellings: a character's hex would read as
 * characters of its own).
 */
export interface SecretSpellings {
  /** The text with each secret, in any spelling, replaced by `mask`. */
  replace(text: string, mask: string): string;
  /** Whether the text holds a secret in any spelling. */
  found(text: string): boolean;
  /** A text cut short that ends with a secret's first `minLength` characters or more loses that end to `mask`. */
  replaceCutEnd(text: string, mask: string): string;
}

const JSON_SHORT_ESCAPES: Record<string, string> = {
  '"': '\\\\"',
  "\\": "\\\\\\\\",
  "/": "\\\\/",
  "\b": "\\\\b",
  "\f": "\\\\f",
  "\n": "\\\\n",
  "\r": "\\\\r",
  "\t": "\\\\t",
};
const HTML_NAMED: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** `minLength`: shorter secrets are left alone (they would mask everything), and a cut end must keep at least that much of one. */
export function secretSpellings(secrets: readonly string[], minLength: number): SecretSpellings {
  // Each secret twice: character by character in any spelling, and in hex.
  const characters = [...new Set(secrets)]
    .filter((secret) => [...secret].length >= minLength)
    .sort((a, b) => b.length - a.length) // a secret that begins another is tried after it
    .flatMap((secret) => [[...secret].map(characterPattern), [...secret].map(hexBytesPattern)]);
  if (characters.length === 0) return { replace: (text) => text, found: () => false, replaceCutEnd: (text) => text };
  const whole = characters.map((pattern) => pattern.join("")).join("|");
  // One regular expression both finds and replaces: V8 compiles each on its first use on a long
  // text (tens of milliseconds for these, during which no request is answered), so once is enough.
  const anywhere = new RegExp(whole, "gu");
  const cutEnd = new RegExp(`(?:${characters.map((pattern) => prefixPattern(pattern, minLength)).join("|")})$`, "u");
  return {
    replace: (text, mask) => text.replace(anywhere, mask),
    found: (text) => {
      anywhere.lastIndex = 0;
      const found = anywhere.test(text);
      anywhere.lastIndex = 0;
      return found;
    },
    replaceCutEnd: (text, mask) => text.replace(cutEnd, mask),
  };
}

/** The ways of writing one character, as a group of alternatives. */
function characterPattern(character: string): string {
  const codePoint = character.codePointAt(0)!;
  const bytes = [...Buffer.from(character, "utf8")];
  const units = Array.from({ length: character.length }, (_, index) => character.charCodeAt(index));
  const ways = [
    literal(codePoint),
    bytes.map((byte) => `%${hexPattern(byte, 2)}`).join(""),
    units.map((unit) => `\\\\u${hexPattern(unit, 4)}`).join(""),
    `&#0*${codePoint};`,
    `&#[xX]0*${hexPattern(codePoint, 1)};`,
  ];
  if (bytes.length > 1) ways.push(bytes.map(literal).join(""));
  if (character === " ") ways.push("\\+");
  const shortEscape = JSON_SHORT_ESCAPES[character];
  if (shortEscape) ways.push(shortEscape);
  const named = HTML_NAMED[character];
  if (named) ways.push(named);
  return `(?:${ways.join("|")})`;
}

/** A character as the hex of its UTF-8 bytes. */
function hexBytesPattern(character: string): string {
  return [...Buffer.from(character, "utf8")].map((byte) => hexPattern(byte, 2)).join("");
}

/** A secret's first `minLength` characters or more, short of the whole secret. */
function prefixPattern(characters: readonly string[], minLength: number): string {
  let rest = "";
  for (let index = characters.length - 2; index >= minLength; index--) rest = `(?:${characters[index]}${rest})?`;
  return `${characters.slice(0, minLength).join("")}${rest}`;
}

function literal(codePoint: number): string {
  return `\\u{${codePoint.toString(16)}}`;
}

/** A number in hex of at least `width` digits, each letter in either case. */
function hexPattern(value: number, width: number): string {
  return value
    .toString(16)
    .padStart(width, "0")
    .replace(/[a-f]/g, (digit) => `[${digit}${digit.toUpperCase()}]`);
}
