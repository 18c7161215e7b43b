import { type JsonMasking, maskJsonMembers } from "./json-members.ts";
import { secretNamed } from "./secret-names.ts";
import { secretSpellings } from "./secret-spellings.ts";
import { isHarmless, maskCredentials } from "./secret-values.ts";

/** What a secret is replaced with; a credential keeps its scheme (`Bearer ***`). */
export const MASK = "***";

/** A JSON string member, its value possibly cut short by the size limit. */
const JSON_MEMBER = /"((?:[^"\\]|\\.){1,64})"(\s*:\s*)"((?:[^"\\]|\\.)*)(?:"|\\?$)/g;
/** A form or query parameter, wherever it appears: a body, a query string, a URL in a header or a page. */
const PARAM = /(^|[?&\s"'])([\w.%+-]{1,64})=([^&#\s"'<>]*)/g;
/** A form field of an HTML page (the OAuth sign-in page carries its form token so). */
const HTML_FIELD = /(name="([\w-]{1,64})"\s+value=")([^"]*)/g;
/** What may be base64 in a header (such as the credentials of HTTP Basic, in whichever header they are sent). */
const BASE64 = /[\w+/-]{12,}={0,2}/g;
/** A header's value that is a credential after its scheme (`Bearer …`, `Basic …`, `Digest …`). */
const SCHEME = /^([A-Za-z][\w-]*)\s+\S/;
/** The bodies the routes read as forms; any other body is read as JSON when it is JSON. */
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;
/** A cut text that ends with this much of a secret's start loses that end too. */
const MIN_SECRET_TAIL = 4;
/** How deep JSON written in a string (in a string…) is read: deeper than this, such a string goes whole. */
const MAX_NESTING = 4;

export interface Masker {
  /** A captured text of no known shape (a header's value, a path, a page) with every secret masked; `cut` says that the text is the beginning of a longer one. */
  text(text: string, cut?: boolean): string;
  /** A query string, masked as the servers read it (by its parameters' decoded names and values) and as a text. */
  query(query: string): string;
  /** A URL: its path as a text, its query as a query. */
  url(url: string): string;
  /** A body, masked as the servers read it (a form by its `Content-Type`, JSON by what it holds) and as a text. */
  body(body: string, contentType: string | undefined, cut: boolean): string;
  headers(headers: Record<string, string>): Record<string, string>;
}

/**
 * Masks secrets by one rule wherever they are: by the names that carry them (a header's, a JSON
 * member's, a parameter's, by their words: secret-names.ts) unless the value is harmless; by
 * their look (a JWT, `Bearer …`, `Basic …`: secret-values.ts); and, as a last net, every
 * occurrence of the given secret values in any spelling a request or an answer may use (see
 * secretSpellings). docs/controls.md, "Masking", says it for users.
 */
export function createMasker(secrets: readonly string[]): Masker {
  const spellings = secretSpellings(secrets, MIN_SECRET_TAIL);
  const text = (input: string, cut = false) => {
    const masked = spellings.replace(
      maskCredentials(
        input
          .replace(JSON_MEMBER, (member, name: string, colon: string, value: string) =>
            hides(decoded(name), decoded(value)) ? `"${name}"${colon}"${MASK}"` : member,
          )
          .replace(PARAM, (param, before: string, name: string, value: string) =>
            hides(formValue(name), formValue(value), "parameter") ? `${before}${name}=${MASK}` : param,
          )
          .replace(HTML_FIELD, (field, start: string, name: string, value: string) =>
            hides(name, value, "parameter") ? `${start}${MASK}` : field,
          ),
        MASK,
      ),
      MASK,
    );
    return cut ? spellings.replaceCutEnd(masked, MASK) : masked;
  };
  const headerText = (value: string) =>
    text(value.replace(BASE64, (run) => (spellings.found(Buffer.from(run, "base64").toString()) ? MASK : run)));
  const query = (input: string) => text(maskForm(input));
  return {
    text,
    query,
    url: (url) => {
      const start = url.indexOf("?");
      return start < 0 ? text(url) : `${text(url.slice(0, start))}?${query(url.slice(start + 1))}`;
    },
    body: (body, contentType, cut) =>
      text(FORM_TYPE.test(contentType ?? "") ? maskForm(body, cut) : (maskJson(body, cut, 0) ?? body), cut),
    headers: (headers) =>
      Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [text(name), maskHeader(name, value, headerText)]),
      ),
  };
}

/** Whether the value a name holds (as the servers decode both) is masked: a secret's is, unless it is harmless (secret-values.ts). */
function hides(name: string, value: unknown, where?: "parameter"): boolean {
  const secret = secretNamed(name, where);
  return secret !== undefined && !isHarmless(value, secret !== "password");
}

/** How JSON written in strings `depth` deep is masked: made once for each depth (a form's every value may be read as JSON). */
const JSON_MASKING: readonly JsonMasking[] = Array.from({ length: MAX_NESTING + 1 }, (_, depth) => ({
  isSecret: (name) => secretNamed(name) !== undefined,
  hides: (name, value) => hides(name, value),
  mask: JSON.stringify(MASK),
  maskJsonString: (value, cut) => (depth < MAX_NESTING ? (maskJson(value, cut, depth + 1) ?? value) : MASK),
}));

/** A JSON text with the values of its secret members masked, JSON written in its strings too; null when it is no JSON. */
function maskJson(json: string, cut: boolean, depth: number): string | null {
  return maskJsonMembers(json, JSON_MASKING[depth]!, cut);
}

/**
 * A form or query string with the value of each secret parameter masked, the parameters split,
 * named and read as URLSearchParams does (`pass%77ord` is `password`); a value that holds JSON
 * or a credential (`q=Bearer%20…`) is masked within and written again.
 */
function maskForm(form: string, cut = false): string {
  const pairs = form.split("&");
  return pairs
    .map((pair, index) => {
      const equals = pair.indexOf("=");
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      const value = formValue(pair.slice(equals + 1));
      if (hides(formValue(name), value, "parameter")) return `${name}=${MASK}`;
      // A form cut short ends in its last value.
      const masked = maskCredentials(maskJson(value, cut && index === pairs.length - 1, 1) ?? value, MASK);
      return masked === value ? pair : `${name}=${encodeURIComponent(masked)}`;
    })
    .join("&");
}

/** A parameter's name or value as URLSearchParams decodes it. */
function formValue(written: string): string {
  if (!/[%+]/.test(written)) return written;
  return new URLSearchParams(`x=${written}`).get("x") ?? "";
}

/** A JSON string's content as JSON.parse decodes it; as written when it does not (cut short). */
function decoded(content: string): string {
  if (!content.includes("\\")) return content;
  try {
    return String(JSON.parse(`"${content}"`));
  } catch {
    return content;
  }
}

/** A secret's header keeps the scheme of its credential (`Bearer ***`); other headers are texts. */
function maskHeader(name: string, value: string, text: (value: string) => string): string {
  if (!hides(name, value.trim())) return text(value);
  const scheme = SCHEME.exec(value.trim())?.[1];
  return scheme ? `${text(scheme)} ${MASK}` : MASK;
}
