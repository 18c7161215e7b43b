/**
 * Whether the client prefers an event stream to JSON, by the q-values of its Accept header:
 * `text/event-stream` alone asks for it; `application/json, text/event-stream` (equal preference)
 * and `text/event-stream;q=0` do not.
 */
export function prefersEventStream(accept: string | null): boolean {
  if (!accept) return false;
  let sse = 0;
  let json = 0;
  for (const part of accept.split(",")) {
    const [range = "", ...params] = part.trim().toLowerCase().split(";").map((piece) => piece.trim());
    const qParam = params.find((param) => param.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    if (range === "text/event-stream") sse = Math.max(sse, q);
    if (range === "application/json" || range === "application/*" || range === "*/*") json = Math.max(json, q);
  }
  return sse > 0 && sse > json;
}
