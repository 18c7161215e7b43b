/**
 * Cart event fan-out: BENCH_SUBSCRIBERS (1,000) open cart streams of one user; after WARM_UP
 * changes that are not timed, a cart add is sent ROUNDS times and every stream's next event timed
 * from the send (so the sandbox's figure includes the fsynced write before the event leaves). The baseline is a bare node:http server that
 * broadcasts an event of the same size to as many streams when asked.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { CART_ADD, JSON_TYPE } from "./http.ts";
import { ROOT, runLoad, type Sandbox, startServer } from "./processes.ts";
import { type Check, compared, type Figure, progress, quantile } from "./report.ts";

export const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const WARM_UP = 5;
const ROUNDS = 40;
const GROUP = `Cart event fan-out (${SUBSCRIBERS} subscribers, ${ROUNDS} changes after ${WARM_UP} untimed)`;

interface Deliveries {
  latencies: number[];
  afterFirst: number[];
  missing: number;
}

export async function fanoutFigures(
  sandbox: Sandbox,
  token: string,
  scratch: string,
): Promise<{ figures: Figure[]; checks: Check[] }> {
  const add = {
    url: `${sandbox.urls.storefront}/api/cart/items`,
    method: "POST",
    headers: { authorization: `Bearer ${token}`, ...JSON_TYPE },
    body: JSON.stringify(CART_ADD),
  };
  // The bare server sends the cart as it is after an add: the same bytes per event.
  const cart = await (await fetch(add.url, add)).text();
  const payloadFile = join(scratch, "cart.json");
  await writeFile(payloadFile, cart);
  const bare = startServer([join(ROOT, "test/bench/bare-server.mjs"), "broadcast", payloadFile], /(http:\S+)/);
  try {
    const bareUrl = (await bare.ready)[1]!;
    progress(`SSE fan-out: bare broadcast to ${SUBSCRIBERS} streams`);
    const base = await deliveries({
      streamUrl: bareUrl,
      trigger: { url: bareUrl, method: "POST", headers: {}, body: "" },
    });
    progress(`SSE fan-out: sandbox cart events to ${SUBSCRIBERS} streams`);
    const ours = await deliveries({
      streamUrl: `${sandbox.urls.storefront}/api/cart/stream?access_token=${token}`,
      trigger: add,
    });
    const p = (run: Deliveries, q: number, of: "latencies" | "afterFirst" = "latencies") => ({
      name: "bare broadcast",
      value: quantile(run[of], q),
    });
    return {
      figures: [
        compared(GROUP, "delivery of one change: p50", "ms", quantile(ours.latencies, 0.5), p(base, 0.5)),
        compared(GROUP, "delivery of one change: p99", "ms", quantile(ours.latencies, 0.99), p(base, 0.99), "≤ 1.1×"),
        compared(
          GROUP,
          "fan-out alone (after the first stream's event): p99",
          "ms",
          quantile(ours.afterFirst, 0.99),
          p(base, 0.99, "afterFirst"),
        ),
      ],
      checks: [
        {
          name: "every cart stream got every change",
          ok: ours.missing === 0,
          detail: `${ours.missing} of ${SUBSCRIBERS * (WARM_UP + ROUNDS)} events missing`,
        },
      ],
    };
  } finally {
    await bare.stop();
  }
}

async function deliveries(spec: { streamUrl: string; trigger: object }): Promise<Deliveries> {
  const output = await runLoad([
    join(ROOT, "test/bench/sse-clients.mjs"),
    JSON.stringify({ ...spec, count: SUBSCRIBERS, warmUp: WARM_UP, rounds: ROUNDS }),
  ]);
  return JSON.parse(output) as Deliveries;
}
