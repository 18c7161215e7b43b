/** An answer as it came: its status, headers and text. */
export interface PlainAnswer {
  status: number;
  headers: Headers;
  text: string;
  /**
   * Why the text stops short of the body's end, with `bounds`: `size`, the body was longer than
   * `maxBytes`; `stream`, an event stream, read up to its first event (or `streamBytes`, or
   * `streamWaitMs`).
   */
  cut?: "size" | "stream";
}

/** How much of an answer the reader takes, for a caller that must end whatever it is sent. */
export interface AnswerBounds {
  /** The most bytes of a body read: past them, the read stops (`cut: "size"`). */
  maxBytes: number;
  /** An event stream (text/event-stream) may never end: it is read up to its first event, at most these bytes… */
  streamBytes: number;
  /** …and for at most this long after its headers. */
  streamWaitMs: number;
}

/**
 * The client's plain send, for requests that have no contract: a team's action, templated from
 * data (`--actions <dir>`), and a scenario's request step, written as the scenario says. The
 * answer comes back as it came, for the caller to read by what it knows of it; a request that gets
 * no answer rejects as fetch does. With `bounds`, the body is read only up to them (the scenario
 * runner, whose steps must end). Everything with a contract goes through ServiceClient.call.
 */
export async function sendPlain(
  url: string,
  init: RequestInit,
  send: typeof fetch = fetch,
  bounds?: AnswerBounds,
): Promise<PlainAnswer> {
  const response = await send(url, init);
  const answer = { status: response.status, headers: response.headers };
  if (!bounds || !response.body) return { ...answer, text: await response.text() };
  return { ...answer, ...(await readBounded(response.body, isEventStream(response.headers), bounds)) };
}

function isEventStream(headers: Headers): boolean {
  return /^\s*text\/event-stream\s*(;|$)/i.test(headers.get("content-type") ?? "");
}

async function readBounded(
  body: ReadableStream<Uint8Array>,
  stream: boolean,
  bounds: AnswerBounds,
): Promise<Pick<PlainAnswer, "text" | "cut">> {
  const limit = stream ? bounds.streamBytes : bounds.maxBytes;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const firstEvent = new FirstEvent();
  let waited = false;
  // A quiet stream is left after its wait: cancelling ends the read, with what came.
  const wait = stream
    ? setTimeout(() => {
        waited = true;
        void reader.cancel().catch(() => undefined);
      }, bounds.streamWaitMs)
    : undefined;
  let text = "";
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text: text + decoder.decode(), ...(waited ? { cut: "stream" } : {}) };
      bytes += value.byteLength;
      text += decoder.decode(value, { stream: true });
      const end = stream ? firstEvent.end(text) : undefined;
      if (end !== undefined) return { text: text.slice(0, end), cut: "stream" };
      if (bytes > limit) return { text, cut: stream ? "stream" : "size" };
    }
  } finally {
    clearTimeout(wait);
    // What is left unread is not waited for: the connection ends here.
    void reader.cancel().catch(() => undefined);
  }
}

/**
 * Finds where an event stream's first event ends: the blank line after the first block that holds
 * a `data` line (a `: ping` comment is no event). Each call looks only at what came since the last
 * one, so that a stream sent a byte at a time is read in linear time.
 */
class FirstEvent {
  #blockStart = 0;
  #scanned = 0;

  end(text: string): number | undefined {
    const blankLine = /\r?\n\r?\n/g;
    // A blank line may straddle the last read: start a few characters back (within the current block).
    blankLine.lastIndex = Math.max(this.#blockStart, this.#scanned - 3);
    for (let found = blankLine.exec(text); found; found = blankLine.exec(text)) {
      const end = found.index + found[0].length;
      if (/^data(?::|\r?$)/m.test(text.slice(this.#blockStart, found.index))) return end;
      this.#blockStart = end;
    }
    this.#scanned = text.length;
    return undefined;
  }
}
