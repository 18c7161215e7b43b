/** What a secret is replaced with; an Authorization header keeps its scheme (`Bearer ***`). */
export const MASK = "***";

/** Names of fields that hold secrets, compared in lower case without `_` and `-` (so `access_token` and `accessToken` alike). */
const SECRET_FIELDS = new Set([
  "password",
  "token",
  "accesstoken",
  "refreshtoken",
  "idtoken",
  "clientsecret",
  "secret",
  "codeverifier",
  "identity",
  "csrftoken",
]);
/** In forms and query strings `code` is also OAuth's authorization code; in JSON bodies `code` is an error's code, and stays. */
const SECRET_PARAMS = new Set([...SECRET_FIELDS, "code"]);

/** A JSON string member, its value possibly cut short by the size limit. */
const JSON_MEMBER = /"([\w-]{1,64})"(\s*:\s*)"(?:[^"\\]|\\.)*(?:"|\\?$)/g;
/** A form or query parameter, wherever it appears: a body, a query string, a URL in a header or a page. */
const PARAM = /(^|[?&\s"'])([\w.-]{1,64})=[^&#\s"'<>]*/g;
/** A form field of an HTML page (the OAuth sign-in page carries its form token so). */
const HTML_FIELD = /(name="([\w-]{1,64})"\s+value=")[^"]*/g;
/** A JWT, wherever it appears: header and payload (and the signature when not cut). */
const JWT = /eyJ[\w-]+\.[\w-]+(?:\.[\w-]*)?/g;
/** A cut text that ends with this much of a secret's start loses that end too. */
const MIN_SECRET_TAIL = 4;

export interface Masker {
  /** A captured text with every secret masked; `cut` says that the text is the beginning of a longer one. */
  text(text: string, cut?: boolean): string;
  headers(headers: Record<string, string>): Record<string, string>;
}

const normalized = (name: string) => name.toLowerCase().replace(/[-_]/g, "");

/**
 * Masks secrets by where they are (the fields and headers that carry them) and, as a last net,
 * every occurrence of the given secret values in any spelling a request or an answer may use.
 */
export function createMasker(secrets: readonly string[]): Masker {
  const spellings = [...new Set(secrets.filter((secret) => secret.length >= MIN_SECRET_TAIL).flatMap(spellingsOf))];
  const text = (input: string, cut = false) => {
    let masked = input;
    for (const secret of spellings) masked = masked.replaceAll(secret, MASK);
    masked = masked
      .replace(JSON_MEMBER, (member, name: string, colon: string) =>
        SECRET_FIELDS.has(normalized(name)) ? `"${name}"${colon}"${MASK}"` : member,
      )
      .replace(PARAM, (param, before: string, name: string) =>
        SECRET_PARAMS.has(normalized(name)) ? `${before}${name}=${MASK}` : param,
      )
      .replace(HTML_FIELD, (field, start: string, name: string) =>
        SECRET_PARAMS.has(normalized(name)) ? `${start}${MASK}` : field,
      )
      .replace(JWT, MASK);
    return cut ? maskCutSecret(masked, spellings) : masked;
  };
  return {
    text,
    headers: (headers) =>
      Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, maskHeader(name, value, text)])),
  };
}

function maskHeader(name: string, value: string, text: (value: string) => string): string {
  switch (name.toLowerCase()) {
    case "authorization":
    case "proxy-authorization": {
      const scheme = /^\S+(?=\s)/.exec(value.trim())?.[0];
      return scheme ? `${scheme} ${MASK}` : MASK;
    }
    case "cookie":
    case "set-cookie":
      return MASK;
    default:
      return text(value);
  }
}

/** A secret as it may be written: as is, in a URL, in a form, in a JSON string. */
function spellingsOf(secret: string): string[] {
  return [
    secret,
    encodeURIComponent(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
  ];
}

/** A text cut by the size limit may end with the beginning of a secret: that end goes too. */
function maskCutSecret(text: string, spellings: readonly string[]): string {
  for (const secret of spellings) {
    for (let length = Math.min(secret.length - 1, text.length); length >= MIN_SECRET_TAIL; length--) {
      if (text.endsWith(secret.slice(0, length))) return `${text.slice(0, -length)}${MASK}`;
    }
  }
  return text;
}
