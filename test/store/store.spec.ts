import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { SandboxError } from "../../src/errors.ts";
import type { FromSchema } from "../../src/json-schema.ts";
import { type FileIO, nodeFileIO } from "../../src/store/file-io.ts";
import type { Migration } from "../../src/store/migrations.ts";
import { arrayOf, integer, record, shapeCheck, string } from "../../src/store/shape.ts";
import { openStore } from "../../src/store/store.ts";
import { tempDir } from "../helpers/sandbox.ts";

const COUNTER = record({ version: integer, count: integer, log: arrayOf(string) });
type Counter = FromSchema<typeof COUNTER>;

const MIGRATIONS: Migration[] = [
  { version: 1, description: "add count", up: (data) => ({ ...data, count: 0 }) },
  { version: 2, description: "add log", up: (data) => ({ ...data, log: [] }) },
];

/** Counts the writes that reach the disk, and can be told to refuse them. */
function countingIO() {
  const io = { writes: 0, refuse: false };
  const layer: FileIO = {
    readText: (path) => nodeFileIO.readText(path),
    async writeAtomic(path, text) {
      if (io.refuse) throw Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" });
      io.writes++;
      await nodeFileIO.writeAtomic(path, text);
    },
  };
  return Object.assign(io, { layer });
}

/** The change most tests make, answering nothing. */
const addOne = (draft: Counter): void => {
  draft.count += 1;
};

const seed = (version: number): Counter => ({ version, count: 10, log: [] });

const open = (file: string, io?: FileIO) =>
  openStore<Counter>({ file, migrations: MIGRATIONS, seed, checkShape: shapeCheck(COUNTER), io });

test("a new file holds the seed at the latest version, and is written", async (t) => {
  const file = join(await tempDir(t), "data.json");
  const store = await open(file);
  assert.deepEqual(store.data, { version: 2, count: 10, log: [] });
  assert.deepEqual(JSON.parse(await readFile(file, "utf8")), { version: 2, count: 10, log: [] });
});

test("a seed or a migration syncs its content; every change syncs its content and its name before it resolves", async (t) => {
  const syncs: (string | undefined)[] = [];
  const recording: FileIO = {
    readText: (path) => nodeFileIO.readText(path),
    writeAtomic: (path, text, sync) => {
      syncs.push(sync);
      return nodeFileIO.writeAtomic(path, text, sync);
    },
  };
  const dir = await tempDir(t);
  const store = await open(join(dir, "new.json"), recording);
  await store.update(addOne);
  await writeFile(join(dir, "old.json"), JSON.stringify({ version: 1, count: 3 }));
  await open(join(dir, "old.json"), recording);
  assert.deepEqual(syncs, ["content", "all", "content"]);
});

test("an older file is migrated forward and keeps its data; the seed is not loaded again", async (t) => {
  const file = join(await tempDir(t), "data.json");
  await writeFile(file, JSON.stringify({ version: 1, count: 3 }));
  const store = await open(file);
  assert.deepEqual(store.data, { version: 2, count: 3, log: [] });
  assert.equal(JSON.parse(await readFile(file, "utf8")).version, 2);
});

test("unusable files stop the start, name the file and are left as they were", async (t) => {
  const dir = await tempDir(t);
  const cases: [string, string, RegExp][] = [
    ["empty", "", /is empty/],
    ["blank", "  \n", /is empty/],
    ["truncated", '{"version": 2, "count"', /not valid JSON/],
    ["an array", "[]", /JSON object/],
    ["no version", '{"count": 1}', /version/],
    ["a newer version", '{"version": 99}', /newer/],
    ["version 0, which the migrations would empty", '{"version": 0, "count": 7}', /\/version is 0, older/],
  ];
  for (const [name, content, reason] of cases) {
    await t.test(name, async () => {
      const file = join(dir, `${name.replace(/\W/g, "-")}.json`);
      await writeFile(file, content);
      await assert.rejects(open(file), (error: unknown) => {
        assert.ok(error instanceof SandboxError && error.code === "data_file_invalid");
        assert.ok(error.message.includes(file));
        assert.match(error.message, reason);
        assert.match(error.message, /--fresh/);
        return true;
      });
      assert.equal(await readFile(file, "utf8"), content);
    });
  }
});

test("changes are serialized: concurrent read-modify-writes lose nothing", async (t) => {
  const file = join(await tempDir(t), "data.json");
  const store = await open(file);
  const results = await Promise.all(
    Array.from({ length: 100 }, (_, index) =>
      store.update((draft) => {
        draft.count += 1;
        draft.log.push(`w${index}`);
        return draft.count;
      }),
    ),
  );
  assert.deepEqual(
    results,
    Array.from({ length: 100 }, (_, index) => 11 + index),
  );
  assert.equal(store.data.count, 110);
  assert.equal(JSON.parse(await readFile(file, "utf8")).count, 110);
});

test("writes that arrive together share one fsync", async (t) => {
  const file = join(await tempDir(t), "data.json");
  const io = countingIO();
  const store = await open(file, io.layer);
  io.writes = 0;
  await Promise.all(Array.from({ length: 50 }, () => store.update(addOne)));
  assert.equal(store.data.count, 60);
  assert.ok(io.writes <= 3, `50 concurrent changes took ${io.writes} writes`);
});

test("a change that throws is rejected alone and leaves no trace", async (t) => {
  const file = join(await tempDir(t), "data.json");
  const store = await open(file);
  const [ok1, failed, ok2] = await Promise.allSettled([
    store.update((draft) => (draft.count += 1)),
    store.update((draft) => {
      draft.count = -1000;
      draft.log.push("half-done");
      throw new Error("refused");
    }),
    store.update((draft) => (draft.count += 1)),
  ]);
  assert.deepEqual([ok1.status, failed.status, ok2.status], ["fulfilled", "rejected", "fulfilled"]);
  assert.deepEqual(store.data, { version: 2, count: 12, log: [] });
});

test("a refused write is answered with an error and changes neither memory nor disk; reads go on", async (t) => {
  const file = join(await tempDir(t), "data.json");
  const io = countingIO();
  const store = await open(file, io.layer);
  io.refuse = true;
  await assert.rejects(
    store.update((draft) => (draft.count = 99)),
    (error: unknown) => error instanceof SandboxError && error.code === "storage_unavailable",
  );
  assert.equal(store.data.count, 10);
  assert.equal(JSON.parse(await readFile(file, "utf8")).count, 10);
  io.refuse = false;
  assert.equal(await store.update((draft) => (draft.count += 1)), 11);
});

test("atomic replacement leaves no temp file behind", async (t) => {
  const dir = await tempDir(t);
  const store = await open(join(dir, "data.json"));
  await Promise.all(Array.from({ length: 20 }, () => store.update(addOne)));
  assert.deepEqual(await readdir(dir), ["data.json"]);
});

test("commit listeners hear of each change once it is on disk, never of a refused one", async (t) => {
  const file = join(await tempDir(t), "data.json");
  const io = countingIO();
  const store = await open(file, io.layer);
  const heard: [number, number, number][] = [];
  const stop = store.onCommit((next, previous) =>
    heard.push([previous.count, next.count, JSON.parse(readFileSync(file, "utf8")).count]),
  );
  await Promise.all([1, 2, 3].map(() => store.update(addOne)));
  assert.deepEqual(
    heard.map(([before, after]) => [before, after]),
    [
      [10, 11],
      [11, 12],
      [12, 13],
    ],
  );
  assert.ok(
    heard.every(([, after, onDisk]) => onDisk >= after),
    `each change was on disk before anyone heard of it: ${JSON.stringify(heard)}`,
  );
  io.refuse = true;
  await assert.rejects(store.update((draft) => (draft.count = 99)));
  assert.equal(heard.length, 3);
  io.refuse = false;
  stop();
  await store.update(addOne);
  assert.equal(heard.length, 3, "an unsubscribed listener hears nothing");
});

test("replace and reset swap all the data in the queue's order, on disk before listeners hear of it; a refused one changes nothing", async (t) => {
  const file = join(await tempDir(t), "data.json");
  const io = countingIO();
  const store = await open(file, io.layer);
  const heard: number[] = [];
  store.onCommit((next) => heard.push(next.count));
  const queued = [
    store.update(addOne),
    store.replace({ version: 2, count: 500, log: ["imported"] }),
    store.update(addOne),
  ];
  await Promise.all(queued);
  assert.deepEqual(store.data, { version: 2, count: 501, log: ["imported"] });
  assert.deepEqual(heard, [11, 500, 501]);
  assert.ok(Object.isFrozen(store.data.log), "replaced data is frozen like any committed data");
  io.refuse = true;
  await assert.rejects(
    store.reset(),
    (error: unknown) => error instanceof SandboxError && error.code === "storage_unavailable",
  );
  assert.equal(store.data.count, 501);
  io.refuse = false;
  await store.reset();
  assert.deepEqual(store.data, { version: 2, count: 10, log: [] }, "the seed again");
  assert.deepEqual(JSON.parse(await readFile(file, "utf8")), store.data);
});

test("accept migrates older data forward and checks its shape, without changing the store", async (t) => {
  const store = await openStore<Counter>({
    file: join(await tempDir(t), "data.json"),
    migrations: MIGRATIONS,
    seed,
    checkShape: shapeCheck(COUNTER),
  });
  assert.deepEqual(store.accept({ version: 1, count: 3 }), { data: { version: 2, count: 3, log: [] } });
  const cases: [unknown, string][] = [
    [[], ""],
    [{ count: 1 }, "/version"],
    [{ version: 3 }, "/version"],
    [{ version: 0, count: 3 }, "/version"],
    [{ version: 2, count: "3", log: [] }, "/count"],
  ];
  for (const [document, path] of cases) {
    const result = store.accept(document);
    assert.ok(
      "problem" in result && result.problem.path === path,
      `${JSON.stringify(document)}: ${JSON.stringify(result)}`,
    );
  }
  assert.deepEqual(store.data, { version: 2, count: 10, log: [] });
});
