/**
 * Durable cart writes: POST /api/cart/items, answered once the change is fsynced, against
 * json-server started as its users start it (`json-server --watch db.json`, in its own process,
 * on the same catalog), whose POST adds a cart item. Writes lost are counted by reading the
 * carts back from disk after killing each server (SIGKILL) right after its load: every
 * acknowledged write must be there.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { CONNECTIONS, load, SECONDS } from "./autocannon.ts";
import { CART_ADD, JSON_TYPE } from "./http.ts";
import { ROOT, type Sandbox, startServer } from "./processes.ts";
import { type Check, compared, type Figure, progress } from "./report.ts";

const GROUP = `Durable POST /api/cart/items (${CONNECTIONS} connections, ${SECONDS}s)`;

interface CartView {
  items: { id: string; quantity: number }[];
}

/** Runs json-server's load, then the sandbox's; the sandbox is killed at the end (call this last). */
export async function writeFigures(
  sandbox: Sandbox,
  tokens: { measured: string; warmUp: string },
  scratch: string,
  dataDir: string,
  userId: string,
): Promise<{ figures: Figure[]; checks: Check[] }> {
  const body = JSON.stringify(CART_ADD);
  const post = (token?: string) => ({
    method: "POST",
    headers: { ...JSON_TYPE, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const products = (
    (await await fetch(`${sandbox.urls.storefront}/api/products`, {
      headers: { authorization: `Bearer ${tokens.measured}` },
    }).then((response) => response.json())) as { items: unknown[] }
  ).items;

  progress("Durable POST: json-server --watch db.json");
  const theirs = await jsonServerRun(products, scratch, post());

  progress("Durable POST: sandbox");
  const url = `${sandbox.urls.storefront}/api/cart/items`;
  await load(url, post(tokens.warmUp), { warm: false, seconds: 1 });
  const before = quantityOf((await (await fetch(url, post(tokens.measured))).json()) as CartView);
  const ours = await load(url, post(tokens.measured), { warm: false });
  await sandbox.stop("SIGKILL");
  const stored = JSON.parse(await readFile(join(dataDir, "storefront.json"), "utf8")) as {
    carts: Record<string, { lines: { productId: string; quantity: number }[] }>;
  };
  const after = stored.carts[userId]?.lines.find((line) => line.productId === CART_ADD.product_id)?.quantity ?? 0;
  const lost = Math.max(0, ours.ok - (after - before));

  return {
    figures: [
      compared(
        GROUP,
        "acknowledged writes/s vs json-server",
        "writes/s",
        ours.okPerSecond,
        { name: "json-server", value: theirs.okPerSecond },
        "≥ 5×",
      ),
      compared(GROUP, "p99 latency", "ms", ours.p99, { name: "json-server", value: theirs.p99 }),
    ],
    checks: [
      {
        name: "no acknowledged cart write lost (sandbox killed after the load)",
        ok: lost === 0,
        detail: `${ours.ok} acknowledged, ${after - before} on disk, ${lost} lost; ${ours.failed} failed`,
      },
      { name: "no cart write failed", ok: ours.failed === 0, detail: `${ours.failed} of ${ours.ok + ours.failed}` },
      // json-server answers before its write reaches the disk, and --watch reloads the file it has just written (dropping connections): for information, not a check of ours.
      {
        name: "json-server, for comparison: acknowledged writes on disk after a kill",
        ok: true,
        detail: `${theirs.ok} acknowledged, ${theirs.stored} on disk; ${theirs.failed} requests failed (connections dropped by its reloads)`,
      },
    ],
  };
}

/** json-server on a db.json holding the catalog and no cart items; loaded, then killed and its file read. */
async function jsonServerRun(
  products: unknown[],
  scratch: string,
  request: { method: string; headers: Record<string, string>; body: string },
) {
  const dir = join(scratch, "json-server");
  await mkdir(dir, { recursive: true });
  const dbFile = join(dir, "db.json");
  await writeFile(dbFile, JSON.stringify({ products, cart_items: [] }, null, 2));
  const port = await freePort();
  const server = startServer(
    [
      join(ROOT, "test/node_modules/json-server/lib/cli/bin.js"),
      "--watch",
      "db.json",
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
    ],
    /Watching/,
    "server",
    dir,
  );
  try {
    await server.ready;
    const url = `http://127.0.0.1:${port}/cart_items`;
    const warm = await load(url, request, { warm: false, seconds: 1 });
    const run = await load(url, request, { warm: false });
    await server.stop("SIGKILL");
    const stored = (JSON.parse(await readFile(dbFile, "utf8")) as { cart_items: unknown[] }).cart_items.length;
    return { okPerSecond: run.okPerSecond, p99: run.p99, ok: warm.ok + run.ok, failed: run.failed, stored };
  } finally {
    await server.stop("SIGKILL");
  }
}

function quantityOf(cart: CartView): number {
  return cart.items.find((item) => item.id === CART_ADD.product_id)?.quantity ?? 0;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}
