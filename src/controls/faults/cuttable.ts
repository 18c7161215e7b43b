/** An event-stream answer that faults can cut. */
export interface CuttableResponse {
  response: Response;
  /** Ends the connection abruptly, as a network failure would: the client sees an error, not an end. */
  cut(): void;
  /** Cuts once the first bytes (the stream's opening event) went out. */
  cutAfterOpen(): void;
  /** Settles when the stream is over, for whatever reason. */
  ended: Promise<void>;
}

/**
 * Passes a streamed answer through a pipe that can be aborted. Aborting cancels the source (the
 * live stream ends and lets go of its listeners) and errors what the server reads, so that it
 * destroys the connection instead of ending it cleanly.
 */
export function cuttable(response: Response & { body: ReadableStream<Uint8Array> }): CuttableResponse {
  const abort = new AbortController();
  let opened = false;
  let cutOnOpen = false;
  const cut = () => abort.abort(new Error("event stream cut by a sandbox fault"));
  const pipe = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      opened = true;
      // After this turn, so that the server writes the chunk out before the connection goes.
      if (cutOnOpen) setImmediate(cut);
    },
  });
  const ended = response.body.pipeTo(pipe.writable, { signal: abort.signal }).catch(() => {});
  return {
    response: new Response(pipe.readable, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    }),
    cut,
    cutAfterOpen() {
      if (opened) cut();
      else cutOnOpen = true;
    },
    ended,
  };
}
