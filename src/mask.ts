import { maskJsonMembers } from "./json-members.ts";
import { secretSpellings } from "./secret-spellings.ts";

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
  "apikey",
]);
/** In forms and query strings `code` is also OAuth's authorization code; in JSON bodies `code` is an error's code, and stays. */
const SECRET_PARAMS = new Set([...SECRET_FIELDS, "code"]);

/** A JSON string member, its value possibly cut short by the size limit. */
const JSON_MEMBER = /"((?:[^"\\]|\\.){1,64})"(\s*:\s*)"(?:[^"\\]|\\.)*(?:"|\\?$)/g;
/** A form or query parameter, wherever it appears: a body, a query string, a URL in a header or a page. */
const PARAM = /(^|[?&\s"'])([\w.%+-]{1,64})=[^&#\s"'<>]*/g;
/** A form field of an HTML page (the OAuth sign-in page carries its form token so). */
const HTML_FIELD = /(name="([\w-]{1,64})"\s+value=")[^"]*/g;
/** A JWT, wherever it appears: header and payload (and the signature when not cut). */
const JWT = /eyJ[\w-]+\.[\w-]+(?:\.[\w-]*)?/g;
/** What may be base64 in a header (such as the credentials of HTTP Basic, in whichever header they are sent). */
const BASE64 = /[\w+/-]{12,}={0,2}/g;
/** The bodies the routes read as forms; any other body is read as JSON when it is JSON. */
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;
/** A cut text that ends with this much of a secret's start loses that end too. */
const MIN_SECRET_TAIL = 4;

export interface Masker {
  /** A captured text of no known shape (a header's value, a path, a page) with every secret masked; `cut` says that the text is the beginning of a longer one. */
  text(text: string, cut?: boolean): string;
  /** A query string, masked as the servers read it (by its parameters' decoded names) and as a text. */
  query(query: string): string;
  /** A body, masked as the servers read it (a form by its `Content-Type`, JSON by what it holds) and as a text. */
  body(body: string, contentType: string | undefined, cut: boolean): string;
  headers(headers: Record<string, string>): Record<string, string>;
}

const normalized = (name: string) => name.toLowerCase().replace(/[-_]/g, "");
const isSecretField = (name: string) => SECRET_FIELDS.has(normalized(name));
const isSecretParam = (name: string) => SECRET_PARAMS.has(normalized(name));

/**
 * Masks secrets by where they are (the fields and headers that carry them, by their names as the
 * servers decode them) and, as a last net, every occurrence of the given secret values in any
 * spelling a request or an answer may use (see secretSpellings).
 */
export function createMasker(secrets: readonly string[]): Masker {
  const spellings = secretSpellings(secrets, MIN_SECRET_TAIL);
  const text = (input: string, cut = false) => {
    const masked = spellings.replace(
      input
        .replace(JSON_MEMBER, (member, name: string, colon: string) =>
          isSecretField(jsonName(name)) ? `"${name}"${colon}"${MASK}"` : member,
        )
        .replace(PARAM, (param, before: string, name: string) =>
          isSecretParam(formName(name)) ? `${before}${name}=${MASK}` : param,
        )
        .replace(HTML_FIELD, (field, start: string, name: string) => (isSecretParam(name) ? `${start}${MASK}` : field))
        .replace(JWT, MASK),
      MASK,
    );
    return cut ? spellings.replaceCutEnd(masked, MASK) : masked;
  };
  const headerText = (value: string) =>
    text(value.replace(BASE64, (run) => (spellings.found(Buffer.from(run, "base64").toString()) ? MASK : run)));
  return {
    text,
    query: (query) => text(maskForm(query)),
    body: (body, contentType, cut) =>
      text(
        FORM_TYPE.test(contentType ?? "")
          ? maskForm(body)
          : (maskJsonMembers(body, isSecretField, JSON.stringify(MASK), cut) ?? body),
        cut,
      ),
    headers: (headers) =>
      Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [text(name), maskHeader(name, value, headerText)]),
      ),
  };
}

/** A form or query string with the value of each secret parameter masked, the parameters split and named as URLSearchParams does (`pass%77ord` is `password`). */
function maskForm(form: string): string {
  return form
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      return equals >= 0 && isSecretParam(formName(pair.slice(0, equals))) ? `${pair.slice(0, equals)}=${MASK}` : pair;
    })
    .join("&");
}

/** A parameter's name as URLSearchParams decodes it. */
function formName(name: string): string {
  return new URLSearchParams(`${name}=`).keys().next().value ?? "";
}

/** A JSON member's name as JSON.parse decodes it. */
function jsonName(name: string): string {
  try {
    return String(JSON.parse(`"${name}"`));
  } catch {
    return name;
  }
}

function isSecretHeader(name: string): boolean {
  const bare = normalized(name.replace(/^x-/i, ""));
  return SECRET_FIELDS.has(bare) || bare === "authtoken";
}

function maskHeader(name: string, value: string, text: (value: string) => string): string {
  switch (name.toLowerCase()) {
    case "authorization":
    case "proxy-authorization": {
      const scheme = /^\S+(?=\s)/.exec(value.trim())?.[0];
      return scheme ? `${text(scheme)} ${MASK}` : MASK;
    }
    case "cookie":
    case "set-cookie":
      return MASK;
    default:
      // A header named as a secret field is (X-Api-Key, Api-Key, X-Auth-Token, X-CSRF-Token).
      return isSecretHeader(name) ? MASK : text(value);
  }
}
