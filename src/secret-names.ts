/**
 * Which names hold secrets: a header's, a JSON member's, a query or form parameter's, alike. A
 * name is read as words, and is a secret's when one of them is a word of secrets; so `keyword`,
 * `monkey`, `passenger` and `author`, one word each, are not (docs/controls.md, "Masking").
 */

/** The words of secrets, as a name's words read in lower case. */
const SECRET_WORDS = new Set([
  "token",
  "key",
  "secret",
  "auth",
  "authorization",
  "authentication",
  "pass",
  "passwd",
  "password",
  "passphrase",
  "pwd",
  "session",
  "cookie",
  "signature",
  "sig",
  "credential",
  "credentials",
  "csrf",
  "xsrf",
  // The sandbox's own: OAuth's PKCE verifier, and the embed's identity token.
  "verifier",
  "identity",
]);

/** Words that run together with a word of secrets into one (`apikey`, `accesstoken`, `sessionid`, `xapikey`). */
const RUN_TOGETHER = new Set([
  ...SECRET_WORDS,
  "api",
  "access",
  "refresh",
  "id",
  "client",
  "user",
  "private",
  "bearer",
  "x",
]);
const LONGEST_RUN_TOGETHER = Math.max(...[...RUN_TOGETHER].map((word) => word.length));

/**
 * A last word that says the name is about a secret rather than one: `token_type`, `tokenTtl`,
 * `token_endpoint`, `sessionStore`, `token_endpoint_auth_methods_supported`.
 */
const ABOUT_A_SECRET = new Set([
  "type",
  "ttl",
  "timeout",
  "expires",
  "expiry",
  "lifetime",
  "endpoint",
  "url",
  "uri",
  "hint",
  "method",
  "methods",
  "supported",
  "store",
  "length",
  "count",
  "name",
]);

/** A name's words: split at every character that is no letter or digit, between letters and digits, and where a lower-case letter meets an upper-case one (`accessToken`, `APIKey`, `Cookie2`). */
export function wordsOf(name: string): string[] {
  return (name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).map((word) => word.toLowerCase());
}

/** A name with a word of secrets in it, spelt so or run together with others, has one of them in its letters. */
const ANY_SECRET_WORD = new RegExp([...SECRET_WORDS, "code"].join("|"), "i");

type SecretKind = "password" | "secret";

/** The words of a password: the one secret a person picks, so the one that may be a plain word. */
const PASSWORD_WORDS = new Set(["pass", "passwd", "password", "passphrase", "pwd"]);

/**
 * What a value named so holds: a password, another secret, or nothing secret (undefined). `code`
 * is a secret as a parameter (OAuth's authorization code in a query or a form) but not as a JSON
 * member, where it is an error's code.
 */
export function secretNamed(name: string, where: "member" | "parameter" = "member"): SecretKind | undefined {
  // Most names hold no word of secrets even as letters within: they are not read as words at all.
  if (!ANY_SECRET_WORD.test(name)) return undefined;
  const words = wordsOf(name);
  if (where === "parameter" && words.length === 1 && words[0] === "code") return "secret";
  if (words.length === 0 || ABOUT_A_SECRET.has(words.at(-1)!)) return undefined;
  if (words.some((word) => PASSWORD_WORDS.has(word) || runsTogether(word, PASSWORD_WORDS))) return "password";
  return words.some((word) => SECRET_WORDS.has(word) || runsTogether(word, SECRET_WORDS)) ? "secret" : undefined;
}

/** Whether a word is words of RUN_TOGETHER written as one, one of `among` among them (`userpass`, `apikey`). */
function runsTogether(word: string, among: ReadonlySet<string>): boolean {
  // ends[i]: the word's first i letters are such words, and whether a word of secrets is among them.
  const ends: (undefined | { secret: boolean })[] = [{ secret: false }];
  for (let end = 1; end <= word.length; end++) {
    for (let start = Math.max(0, end - LONGEST_RUN_TOGETHER); start < end; start++) {
      const before = ends[start];
      const part = word.slice(start, end);
      if (!before || !RUN_TOGETHER.has(part)) continue;
      const secret = before.secret || among.has(part);
      if (!ends[end]?.secret) ends[end] = { secret };
    }
  }
  return ends[word.length]?.secret === true;
}
