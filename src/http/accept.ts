/** The media ranges of an Accept header with their q-values, in the order given (a q that is not a number drops its range). */
function acceptRanges(accept: string): { range: string; q: number }[] {
  return accept.split(",").flatMap((part) => {
    const [range = "", ...params] = part
      .trim()
      .toLowerCase()
      .split(";")
      .map((piece) => piece.trim());
    const qParam = params.find((param) => param.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    return Number.isFinite(q) ? [{ range, q }] : [];
  });
}

const JSON_RANGES = new Set(["application/json", "application/*", "*/*"]);

/** The highest q the client gives JSON: by name, or by a wildcard (application or any type). */
function jsonQ(ranges: readonly { range: string; q: number }[]): number {
  return Math.max(0, ...ranges.filter(({ range }) => JSON_RANGES.has(range)).map(({ q }) => q));
}

/**
 * Whether the client prefers an event stream to JSON, by the q-values of its Accept header:
 * `text/event-stream` alone asks for it; `application/json, text/event-stream` (equal preference)
 * and `text/event-stream;q=0` do not.
 */
export function prefersEventStream(accept: string | null): boolean {
  if (!accept) return false;
  const ranges = acceptRanges(accept);
  const sse = Math.max(0, ...ranges.filter(({ range }) => range === "text/event-stream").map(({ q }) => q));
  return sse > 0 && sse > jsonQ(ranges);
}

/**
 * Whether the client asks for an HTML page rather than JSON: it names `text/html` (a browser
 * does) with a higher q than JSON, or an equal one and first. A bare wildcard (curl, scripts) is JSON.
 */
export function prefersHtml(accept: string | null): boolean {
  if (!accept) return false;
  const ranges = acceptRanges(accept);
  const htmlAt = ranges.findIndex(({ range, q }) => range === "text/html" && q > 0);
  const html = ranges[htmlAt];
  if (!html) return false;
  const json = jsonQ(ranges);
  if (html.q !== json) return html.q > json;
  return !ranges.slice(0, htmlAt).some(({ range, q }) => JSON_RANGES.has(range) && q === json);
}
