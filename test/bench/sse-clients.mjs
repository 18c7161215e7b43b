// The SSE fan-out's load generator: `node sse-clients.mjs '<json>'` with {streamUrl, count,
// trigger: {url, method, headers, body}, warmUp, rounds}. It opens `count` event streams, waits for
// each one's first event, then `warmUp + rounds` times sends the trigger (a change) and times, from
// the moment it sent it, the arrival of the next event on every stream. The warm-up rounds are not
// timed: the first changes run code not yet compiled, on both ends, and would be the whole p99.
// Prints {latencies, afterFirst, missing} (ms): afterFirst is each arrival after the round's first
// one, the fan-out alone, without what the change cost before its first event left; missing
// counts every round.
// The trigger and the clocks are in this one process, so no clocks of two processes are compared.
import { request } from "node:http";

const { streamUrl, count, trigger, warmUp, rounds } = JSON.parse(process.argv[2]);
const ROUND_TIMEOUT_MS = 10_000;
const OPENING_AT_ONCE = 100;

/** One stream: counts the complete `cart` events it has received, and calls `onEvent` on each. */
function openStream() {
  return new Promise((resolve, reject) => {
    const stream = { events: 0, onEvent: () => {}, request: null };
    stream.request = request(streamUrl, { agent: false, headers: { accept: "text/event-stream" } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      let pending = "";
      response.setEncoding("utf8").on("data", (chunk) => {
        const blocks = (pending + chunk).split("\n\n");
        pending = blocks.pop();
        for (const block of blocks) {
          if (!/^event: cart$/m.test(block)) continue;
          stream.events++;
          if (stream.events === 1) resolve(stream);
          else stream.onEvent();
        }
      });
    });
    stream.request.on("error", reject).end();
  });
}

function send({ url, method, headers, body }) {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers, agent: false }, (response) => {
      response
        .resume()
        .on("end", () =>
          response.statusCode < 300 ? resolve() : reject(new Error(`trigger answered ${response.statusCode}`)),
        );
    });
    sent.on("error", reject).end(body);
  });
}

const streams = [];
while (streams.length < count) {
  const batch = Math.min(OPENING_AT_ONCE, count - streams.length);
  streams.push(...(await Promise.all(Array.from({ length: batch }, openStream))));
}

const latencies = [];
const afterFirst = [];
let missing = 0;
for (let round = 0; round < warmUp + rounds; round++) {
  const sentAt = performance.now();
  const timed = round >= warmUp;
  const arrivals = [];
  const arrived = Promise.all(
    streams.map(
      (stream) =>
        new Promise((resolve) => {
          stream.onEvent = () => {
            if (timed) arrivals.push(performance.now() - sentAt);
            stream.onEvent = () => {};
            resolve(true);
          };
        }),
    ),
  );
  await send(trigger);
  const timeout = new Promise((resolve) => setTimeout(resolve, ROUND_TIMEOUT_MS, "timeout"));
  if ((await Promise.race([arrived, timeout])) === "timeout") {
    missing += streams.filter((stream) => stream.events < round + 2).length;
  }
  latencies.push(...arrivals);
  afterFirst.push(...arrivals.map((latency) => latency - Math.min(...arrivals)));
  await new Promise((resolve) => setTimeout(resolve, 100));
}
for (const stream of streams) stream.request.destroy();
console.log(JSON.stringify({ latencies, afterFirst, missing }));
