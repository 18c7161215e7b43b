/** The one spelling of the JSON content type, on success and error alike. */
export const JSON_TYPE = "application/json; charset=utf-8";

/** `application/json` without a charset or with UTF-8's, in any spelling (h3 writes `application/json;charset=UTF-8`). */
const JSON_UTF8 = /^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i;

/**
 * What every answer of a service app carries, whichever part made it (a route's value, a
 * Response, an error, h3 itself, a wallet's answer passed through): `nosniff`, the JSON type
 * spelled one way, with `cors` the CORS headers that let a web app on any origin read it
 * (`*`: no credentials), and no CORS headers on an HTML page, which is for the browser tab
 * that opened it, never for a script of another origin.
 */
export function finishHeaders(response: Response, cors: boolean): void {
  const { headers } = response;
  ensure(headers, "x-content-type-options", "nosniff");
  const type = headers.get("content-type") ?? "";
  if (type !== JSON_TYPE && JSON_UTF8.test(type)) headers.set("content-type", JSON_TYPE);
  if (/^text\/html\b/i.test(type)) {
    for (const name of [...headers.keys()]) if (name.startsWith("access-control-")) headers.delete(name);
  } else if (cors) {
    ensure(headers, "access-control-allow-origin", "*");
    ensure(headers, "access-control-expose-headers", "*");
  }
}

/** Sets a header unless it has that value already (an answer made once carries them): reading costs a third of setting. */
function ensure(headers: Headers, name: string, value: string): void {
  if (headers.get(name) !== value) headers.set(name, value);
}
