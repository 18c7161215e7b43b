import type { GivenHeaders } from "./reason-phrase.ts";

/**
 * Header names and values in turn, the shape of Node's `rawHeaders`: how an exchange's headers are
 * kept for later (the request journal), since Node and srvx make these arrays anyway, where a
 * Headers object or Node's parsed headers would be one more graph of objects per request.
 */
export type FlatHeaders = string[];

/** Headers as writeHead takes them, or a Response's, as names and values in turn; a flat array of strings (srvx's way) as it is. */
export function flatHeaders(headers: GivenHeaders | Headers): FlatHeaders {
  if (Array.isArray(headers))
    return headers.every((item) => typeof item === "string") ? headers : headers.flat().map(String);
  const entries = headers instanceof Headers ? headers : Object.entries(headers);
  const flat: FlatHeaders = [];
  for (const [name, value] of entries) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) flat.push(name, String(one));
  }
  return flat;
}

/** The first value of a header, its name in any case (as Node keeps the first of a repeated Authorization). */
export function headerOf(headers: FlatHeaders, name: string): string | undefined {
  for (let i = 0; i < headers.length; i += 2) if (headers[i]!.toLowerCase() === name) return headers[i + 1];
  return undefined;
}

/** One string per header, names in lower case, a repeated one's values joined (as HTTP allows). */
export function headerRecord(headers: FlatHeaders): Record<string, string> {
  const record: Record<string, string> = {};
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i]!.toLowerCase();
    record[name] = Object.hasOwn(record, name) ? `${record[name]}, ${headers[i + 1]}` : headers[i + 1]!;
  }
  return record;
}
