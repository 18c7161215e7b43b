// The data files' shape check names the same first problem as Ajv does on the same schema.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Ajv } from "ajv";
import { arrayOf, integer, record, shapeCheck, string, type Shape } from "../../src/store/shape.ts";

const shape: Shape = record({
  version: integer,
  season: { enum: ["In Season", "Off Season"] },
  range: { type: "array", items: integer, minItems: 2, maxItems: 2 },
  amount: { type: "integer", minimum: 1 },
  items: arrayOf(record({ id: string, note: string }, ["note"])),
  carts: { type: "object", additionalProperties: record({ lines: arrayOf(integer) }) },
});
const good = { version: 1, season: "In Season", range: [1, 2], amount: 5, items: [{ id: "a" }, { id: "b", note: "x" }], carts: { u1: { lines: [1] } } };

test("a good document has no problem", () => {
  assert.equal(shapeCheck(shape)(good), null);
});

test("a bad document's first problem is the one Ajv names", async (t) => {
  const ajv = new Ajv({ allErrors: false, strict: true }).compile(shape);
  const cases: [string, unknown][] = [
    ["not an object", [good]],
    ["null", null],
    ["a missing property", { ...good, version: undefined }],
    ["a string for an integer", { ...good, version: "1" }],
    ["a fraction for an integer", { ...good, version: 1.5 }],
    ["a value outside the enum", { ...good, season: "Winter" }],
    ["too few items", { ...good, range: [1] }],
    ["too many items", { ...good, range: [1, 2, 3] }],
    ["below the minimum", { ...good, amount: 0 }],
    ["a bad item deep in an array", { ...good, items: [{ id: "a" }, { id: 2 }] }],
    ["a missing property of an item", { ...good, items: [{ note: "x" }] }],
    ["a bad value under a key with / and ~", { ...good, carts: { "a/b~c": { lines: ["1"] } } }],
    ["two problems: the first in the shape's order wins", { ...good, amount: 0, version: "1" }],
  ];
  for (const [name, data] of cases) {
    await t.test(name, () => {
      const document = data && typeof data === "object" && !Array.isArray(data) ? JSON.parse(JSON.stringify(data)) : data;
      assert.equal(ajv(document), false);
      const [error] = ajv.errors!;
      assert.deepEqual(shapeCheck(shape)(document), { path: error!.instancePath, message: error!.message });
    });
  }
});
