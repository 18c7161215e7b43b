// The bench's baselines: bare node:http servers that answer what the sandbox answers, with
// nothing else to do. `node bare-server.mjs <mode> <payload.json>`, where mode is
//   naive      GET: the payload, serialised with JSON.stringify on every request (the naive limit)
//   buffer     GET: the payload serialised once, the same bytes every time (the physical limit)
//   broadcast  GET: an event stream; POST: one event with the payload to every open stream
// Plain JavaScript, so that nothing but node:http runs in it. Prints its URL when it listens.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [mode, payloadFile] = process.argv.slice(2);
const payload = JSON.parse(readFileSync(payloadFile, "utf8"));
const bytes = Buffer.from(JSON.stringify(payload));
const streams = new Set();
let version = 0;

const handlers = {
  naive(_request, response) {
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify(payload));
  },
  buffer(_request, response) {
    response.writeHead(200, { "content-type": "application/json", "content-length": bytes.length });
    response.end(bytes);
  },
  broadcast(request, response) {
    if (request.method === "GET") {
      response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      response.write(event());
      streams.add(response);
      response.on("close", () => streams.delete(response));
      return;
    }
    const text = event();
    for (const stream of streams) stream.write(text);
    response.writeHead(204).end();
  },
};

/** One event, serialised once for every stream, as the sandbox's cart events are. */
function event() {
  return `id: ${++version}\nevent: cart\ndata: ${JSON.stringify(payload)}\n\n`;
}

const handle = handlers[mode];
createServer((request, response) => {
  request.resume();
  request.on("end", () => handle(request, response));
}).listen(0, "127.0.0.1", function () {
  console.log(`bare ${mode} http://127.0.0.1:${this.address().port}`);
});
