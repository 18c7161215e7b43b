/**
 * Which values are secrets whatever their names: credentials by their look (`Bearer …`, `Basic …`,
 * a JWT); and which are not, whatever their names: plain words (docs/controls.md, "Masking").
 */

/** A word of letters in one case or capitalized (`Bearer`, `memory`, `S`), short enough to be no key. */
const PLAIN_WORD = /^(?:[a-z]{1,16}|[A-Z][a-z]{0,15}|[A-Z]{1,16})$/u;

/** A JWT, wherever it appears: header and payload (and the signature when not cut). */
const JWT = /eyJ[\w-]+\.[\w-]+(?:\.[\w-]*)?/g;
/** An HTTP credential after its scheme (RFC 9110's token68), as a header, a field or a text carries it. */
const CREDENTIAL = /\b(Bearer|Basic)(\s+)([\w.~+/-]+=*)(?![\w.~+/=-])/gi;

/**
 * Whether a value under a secret's name shows: what holds only plain words (unless `words` is
 * false: a password may be one), `true`, `false` and `null`, or nothing (`"auth": "none"`,
 * `"session": false`, `""`). A number, a phrase, or anything with a digit or a mark is kept out.
 */
export function isHarmless(value: unknown, words = true): boolean {
  if (value === null || typeof value === "boolean" || value === "") return true;
  if (typeof value === "string") return words && PLAIN_WORD.test(value);
  if (Array.isArray(value)) return value.every((each) => isHarmless(each, words));
  if (typeof value === "object") return Object.values(value).every((each) => isHarmless(each, words));
  return false;
}

/** The text with every JWT masked, and the credentials of HTTP Bearer and Basic wherever they are, their scheme kept (`Bearer ***`). */
export function maskCredentials(text: string, mask: string): string {
  return text
    .replace(JWT, mask)
    .replace(CREDENTIAL, (whole, scheme: string, space: string, credential: string) =>
      isCredential(scheme, credential) ? `${scheme}${space}${mask}` : whole,
    );
}

/**
 * A word after `Bearer` ("Bearer bonds") is no token, and `Basic`'s credentials are base64 of
 * `user:password`: so prose with these words in it stays.
 */
function isCredential(scheme: string, credential: string): boolean {
  if (PLAIN_WORD.test(credential.replace(/=+$/, ""))) return false;
  if (scheme.toLowerCase() === "bearer") return true;
  return /^[\w+/-]+=*$/.test(credential) && Buffer.from(credential, "base64").toString("latin1").includes(":");
}
