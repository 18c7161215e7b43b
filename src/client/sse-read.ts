/** One message of an event stream as a client reads it: `data` as sent (its lines joined with newlines). */
export interface ReadEvent {
  event: string;
  id?: string;
  data: string;
  /** The `retry:` the server sent with it: the wait, in ms, before reconnecting after a cut. */
  retry?: number;
}

/**
 * The messages of one of the sandbox's event streams (lines end with \n), as EventSource reads
 * them: fields up to a blank line, comments (`: ping`) skipped. Ends when the stream does; a
 * block cut off by the end is dropped.
 */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ReadEvent> {
  let buffer = "";
  for await (const text of body.pipeThrough(new TextDecoderStream())) {
    buffer += text;
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const message = parseBlock(block);
      if (message) yield message;
    }
  }
}

function parseBlock(block: string): ReadEvent | undefined {
  const message: ReadEvent = { event: "message", data: "" };
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "data") data.push(value);
    else if (field === "event") message.event = value;
    else if (field === "id") message.id = value;
    else if (field === "retry" && /^\d+$/.test(value)) message.retry = Number(value);
  }
  if (data.length === 0) return undefined;
  message.data = data.join("\n");
  return message;
}

/**
 * Opens one of the sandbox's event streams: its status, and its messages when it opened (2xx with
 * a body). The one reader of event streams for the clients that follow one to its end.
 */
export async function openEventStream(
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
): Promise<{ status: number; events?: AsyncGenerator<ReadEvent> }> {
  const response = await fetch(url, { headers: { accept: "text/event-stream", ...init.headers }, signal: init.signal });
  return response.ok && response.body
    ? { status: response.status, events: readEvents(response.body) }
    : { status: response.status };
}
