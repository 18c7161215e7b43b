import assert from "node:assert/strict";
import { test } from "node:test";
import type { Check } from "../../src/check/check.ts";
import { escapeXml } from "../../src/check/report/junit.ts";
import { textObserver } from "../../src/check/report/text.ts";
import { parseXml } from "../helpers/xml.ts";

const CHECK: Check = { name: "catalog lists the products", needs: [], run: async () => "" };

test("on a terminal, the check in progress shows until its result line replaces it", () => {
  let written = "";
  const observer = textObserver({
    isTTY: true,
    write: (text) => {
      written += text;
    },
  });
  observer.areaStart("storefront");
  observer.checkStart("storefront", CHECK);
  assert.equal(written, "storefront\n  …     catalog lists the products");
  observer.checkDone({ area: "storefront", name: CHECK.name, status: "fail", reason: "expected 200, got 500", ms: 3 });
  assert.equal(
    written,
    "storefront\n  …     catalog lists the products\r\x1b[2K  FAIL  catalog lists the products — expected 200, got 500\n",
  );
});

test("off a terminal, only the result lines are written", () => {
  let written = "";
  const observer = textObserver({
    write: (text) => {
      written += text;
    },
  });
  observer.areaStart("wallet");
  observer.checkStart("wallet", CHECK);
  observer.checkDone({
    area: "wallet",
    name: CHECK.name,
    status: "skip",
    reason: "no account given (--user and --password)",
    ms: 0,
  });
  assert.equal(written, "wallet\n  skip  catalog lists the products — no account given (--user and --password)\n");
});

test("XML text keeps every character XML can carry and drops those it cannot", () => {
  const text = `a <b> & "c" 'd' \u0001e\uD800 ₦1,200 😀`;
  const escaped = escapeXml(text);
  assert.equal(escaped, "a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; e ₦1,200 😀");
  assert.equal(parseXml(`<x m="${escaped}">${escaped}</x>`).attributes.m, "a <b> & \"c\" 'd' e ₦1,200 😀");
});
