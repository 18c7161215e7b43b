import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { ControlsClient } from "../../src/client/controls-client.ts";
import { MAX_IMPORT_BYTES } from "../../src/contracts/controls/import-limit.ts";
import { startFullSandbox } from "../helpers/agent.ts";
import { runInProcess } from "../helpers/in-process.ts";
import { tempDir } from "../helpers/sandbox.ts";

const TIMEOUT = { timeout: 120_000 };

/** A scenario that imports `data` and then does nothing much. */
function importing(data: string): string {
  return `name: imports ${data}\ndata: ${JSON.stringify(data)}\nsteps:\n  - clock: { advance: 1h }\n`;
}

test(
  "data: takes only a regular JSON file of at most 8 MiB, and a refusal never quotes what the file holds",
  TIMEOUT,
  async (t) => {
    const dir = await tempDir(t);
    const write = async (name: string, text: string) => {
      await writeFile(join(dir, name), text);
      return join(dir, name);
    };
    await write("passwd", "root:x:0:0:root:/root:/bin/bash\nSECRET-VALUE-1234\n");
    await write("broken.json", '{"services": {}}\nSECRET-VALUE-1234');
    await write("list.json", '["SECRET-VALUE-1234"]');
    await write("deep.json", `{"services":${"[".repeat(5000)}${"]".repeat(5000)}}`);
    await truncate(await write("big.json", ""), MAX_IMPORT_BYTES + 1);
    assert.equal(spawnSync("mkfifo", [join(dir, "fifo")]).status, 0, "mkfifo made the FIFO");
    const files = await Promise.all(
      ["passwd", "broken.json", "list.json", "deep.json", "big.json", "fifo", "missing.json", dir, "/dev/urandom"]
        .filter((data) => data !== "/dev/urandom" || existsSync(data))
        .map((data, index) => write(`s${index}.yaml`, importing(data))),
    );
    const result = await runInProcess(["run", ...files]);
    assert.equal(result.code, 2, result.stdout + result.stderr);
    const refused = (name: string, why: RegExp) =>
      assert.match(result.stderr, new RegExp(`\\.yaml: /data: ${join(dir, name)} ${why.source}`, "m"));
    refused("passwd", /is not valid JSON: name an export document \(npx sandbox export > shop\.json\)$/m);
    refused("broken.json", /is not valid JSON \(line 2, column 1\): name an export document/);
    refused("list.json", /is JSON, but no export document: that is an object, \{"services": \{…\}\}/);
    refused("deep.json", /is nested too deep: more than 256 levels of lists and objects/);
    refused("big.json", /is over 8 MiB, the most an import takes: import less of it/);
    refused("fifo", /is a FIFO, not a regular file/);
    refused("missing.json", /cannot be read \(ENOENT\)/);
    assert.match(result.stderr, new RegExp(`/data: ${dir} is a directory, not a regular file`));
    if (existsSync("/dev/urandom"))
      assert.match(result.stderr, /\/data: \/dev\/urandom is a device, not a regular file/);
    assert.doesNotMatch(result.stderr, /root:x|SECRET-VALUE/, "nothing of what a file holds is said");
    assert.match(result.stderr, /Nothing ran/);
  },
);

test(
  "a scenario nested thousands of levels deep, in JSON as in YAML, is refused in one line (exit 2), and so is a YAML alias inside itself",
  TIMEOUT,
  async (t) => {
    const dir = await tempDir(t);
    const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
    const files = {
      "deep.json": `{"name":"deep","steps":[{"request":{"server":"storefront","path":"/","body":${nested(5000)}}}]}`,
      "deep.yaml": `name: deep\nsteps:\n  - request: { server: storefront, path: /, body: ${nested(5000)} }\n`,
      "deeper-than-allowed.yaml": `name: deep\nsteps:\n  - request: { server: storefront, path: /, body: ${nested(300)} }\n`,
      "cycle.yaml": "name: cycle\nsteps:\n  - request: { server: storefront, path: /, body: &a [1, [*a]] }\n",
    };
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    const result = await runInProcess(["run", ...Object.keys(files).map((name) => join(dir, name))]);
    assert.equal(result.code, 2, result.stdout + result.stderr);
    const tooDeep = "is nested too deep: more than 256 levels of lists and objects, where a scenario needs a handful";
    for (const name of ["deep.json", "deep.yaml", "deeper-than-allowed.yaml"])
      assert.ok(result.stderr.includes(`${join(dir, name)}: ${tooDeep}\n`), `${name}: ${result.stderr}`);
    assert.match(result.stderr, /cycle\.yaml: holds itself: a YAML alias \(\*name\) stands inside the node its anchor/);
    assert.doesNotMatch(result.stderr, /^\s+at /m, "no stack");
    assert.equal(result.stdout, "");
  },
);

test(
  "the data file is imported as written: ${…} in it is text, and a step writes ${ itself as $${",
  TIMEOUT,
  async (t) => {
    const sandbox = await startFullSandbox(t);
    const document = (await new ControlsClient(sandbox.urls.storefront!).exportData()) as {
      services: { storefront: { products: { id: string; name: string }[] }; wallet?: unknown };
    };
    const [product] = document.services.storefront.products;
    product!.name = "Costs ${price} today";
    const dir = await tempDir(t);
    delete document.services.wallet;
    await writeFile(join(dir, "shop.json"), JSON.stringify(document));
    const file = join(dir, "literal.yaml");
    await writeFile(
      file,
      [
        "name: literal",
        "data: ./shop.json",
        "steps:",
        '  - request: { server: storefront, path: "/api/products?q=costs", as: ada@example.com }',
        '    expect: { status: 200, body: { "$.items[0].name": "Costs $${price} today" } }',
        '    capture: { said: "$.items[0].name" }',
        '  - request: { server: storefront, path: "/api/products?q=${said}", as: ada@example.com }',
        "    expect: { status: 200 }",
      ].join("\n"),
    );
    const result = await runInProcess(["run", file]);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /^ {2}ok +setup import the data: imported storefront$/m);
  },
);
