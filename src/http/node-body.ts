import type { Readable } from "node:stream";
import { HTTPError } from "h3";

/** A request as Node's servers give it: its headers and its body's stream. */
type NodeRequest = Readable & { headers: Record<string, string | string[] | undefined> };

/** Body.text()'s decoding: UTF-8, a leading byte order mark dropped, bad bytes replaced. */
const utf8 = new TextDecoder();

/**
 * The text of a body Node received, read from its stream directly: srvx would first wrap the
 * stream in web streams (h3's assertBodySize asks it for one), which cost a cart add more than
 * the rest of the request. Over `maxBytes`, an HTTPError 413 (from Content-Length before
 * reading, when it is given), as h3's own check throws; Content-Length with Transfer-Encoding a
 * 400, as h3 refuses it; a client that leaves before the end, an Error.
 */
export function readNodeBodyText(req: NodeRequest, maxBytes: number): Promise<string> {
  const declared = req.headers["content-length"];
  if (declared !== undefined) {
    if (req.headers["transfer-encoding"] !== undefined) return Promise.reject(new HTTPError({ status: 400 }));
    if (Number(declared) > maxBytes) return Promise.reject(tooLarge(maxBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = () => {
      req.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      settle();
      req.pause();
      reject(tooLarge(maxBytes));
    };
    const onEnd = () => {
      settle();
      resolve(utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    const onClose = () => {
      settle();
      reject(new Error("The client closed the connection before the end of the body"));
    };
    req.on("data", onData).once("end", onEnd).once("error", onError).once("close", onClose);
  });
}

function tooLarge(limit: number): HTTPError {
  return new HTTPError({
    status: 413,
    statusText: "Request Entity Too Large",
    message: `Request body size exceeds the limit of ${limit} bytes`,
  });
}
