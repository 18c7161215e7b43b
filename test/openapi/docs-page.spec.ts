import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { DOCS_CSP } from "../../src/openapi/docs-page.ts";
import type { OpenApiDocument } from "../../src/openapi/document.ts";
import { startFullSandbox } from "../helpers/agent.ts";
import { errorBody } from "../helpers/sandbox.ts";

const FIXTURE_USERS = (
  JSON.parse(await readFile(new URL("../../fixtures/users.json", import.meta.url), "utf8")) as {
    users: { email: string; password: string }[];
  }
).users;
const BUNDLE = await readFile(new URL("../../src/openapi/assets/scalar/standalone.js", import.meta.url));
const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/** The inline scripts of a page (not the JSON block, nor the bundle's tag). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
}

/** The JSON block the page's script reads. */
function pageConfig(html: string): {
  reference: Record<string, unknown>;
  signIn: { path: string; email: string; password: string; scheme: string } | null;
} {
  return JSON.parse(/<script type="application\/json" id="docs-config">([\s\S]*?)<\/script>/.exec(html)![1]!);
}

test("GET /docs on each server: the API reference page, its headers, and what its bar offers", async (t) => {
  const sandbox = await startFullSandbox(t);
  const [ada] = FIXTURE_USERS;

  for (const [service, url] of Object.entries(sandbox.urls)) {
    await t.test(
      `${service}: HTML with a CSP that allows only its own script, by its hash, and nothing from elsewhere`,
      async () => {
        const response = await fetch(`${url}/docs`);
        assert.equal(response.status, 200);
        assert.equal(response.headers.get("content-type"), "text/html; charset=utf-8");
        assert.equal(response.headers.get("content-security-policy"), DOCS_CSP);
        assert.equal(response.headers.get("x-content-type-options"), "nosniff");
        assert.equal(response.headers.get("referrer-policy"), "no-referrer");
        assert.equal(response.headers.get("cache-control"), "no-store");
        assert.equal(response.headers.get("access-control-allow-origin"), null, "no CORS on a page");
        const html = await response.text();
        const scripts = inlineScripts(html);
        assert.equal(scripts.length, 1);
        assert.ok(
          DOCS_CSP.includes(`'sha256-${createHash("sha256").update(scripts[0]!).digest("base64")}'`),
          "the CSP names the page's script by its hash",
        );
        assert.match(
          DOCS_CSP,
          /default-src 'none'; script-src 'self' 'sha256-[^']+'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; /,
        );
        assert.doesNotMatch(html, /https?:\/\//, "the page names no other site");
        const { reference } = pageConfig(html);
        assert.deepEqual(
          {
            url: reference.url,
            withDefaultFonts: reference.withDefaultFonts,
            telemetry: reference.telemetry,
            showDeveloperTools: reference.showDeveloperTools,
            agent: reference.agent,
          },
          {
            url: "/openapi.json",
            withDefaultFonts: false,
            telemetry: false,
            showDeveloperTools: "never",
            agent: { disabled: true },
          },
        );
      },
    );
  }

  for (const service of ["storefront", "wallet"] as const) {
    await t.test(
      `${service}: the first demo user of the fixtures, a sign-in button, and the bearer scheme to fill`,
      async () => {
        const html = await (await fetch(`${sandbox.urls[service]}/docs`)).text();
        assert.ok(html.includes(`<button type="button" id="sign-in">Sign in as ${ada!.email}</button>`));
        assert.ok(html.includes(`<code>${ada!.password}</code>`));
        assert.deepEqual(pageConfig(html).signIn, {
          path: "/api/auth/login",
          email: ada!.email,
          password: ada!.password,
          scheme: "bearerJwt",
        });
        assert.deepEqual(pageConfig(html).reference.authentication, { preferredSecurityScheme: "bearerJwt" });
      },
    );

    await t.test(
      `${service}: the login operation's example is the same user, so that "Try it" comes prefilled`,
      async () => {
        const document = (await (await fetch(`${sandbox.urls[service]}/openapi.json`)).json()) as OpenApiDocument;
        const login = document.paths["/api/auth/login"]!.post as {
          requestBody: {
            content: { "application/json": { schema: { properties: Record<string, { examples: string[] }> } } };
          };
        };
        const { properties } = login.requestBody.content["application/json"].schema;
        assert.deepEqual([properties.email!.examples, properties.password!.examples], [[ada!.email], [ada!.password]]);
      },
    );
  }

  await t.test("storefront and host: where the agent's service token comes from, never its value", async () => {
    for (const service of ["storefront", "host"] as const) {
      const html = await (await fetch(`${sandbox.urls[service]}/docs`)).text();
      assert.match(
        html,
        /the setting <code>bffServiceToken<\/code> \(<code>--bff-service-token<\/code>, <code>BFF_SERVICE_TOKEN<\/code>\)/,
        service,
      );
      assert.ok(!html.includes(sandbox.config.bffServiceToken), `${service}: the token is not in the page`);
    }
    const host = await (await fetch(`${sandbox.urls.host}/docs`)).text();
    assert.equal(pageConfig(host).signIn, null, "the host app has no login route");
    assert.ok(!host.includes('id="sign-in"'));
    assert.ok(
      !(await (await fetch(`${sandbox.urls.wallet}/docs`)).text()).includes("bffServiceToken"),
      "the wallet has no agent routes",
    );
  });

  await t.test("the index lists GET /docs and GET /docs/scalar.js, and the documents have them", async () => {
    for (const url of Object.values(sandbox.urls)) {
      const index = (await (await fetch(`${url}/`)).json()) as { routes: { method: string; path: string }[] };
      const document = (await (await fetch(`${url}/openapi.json`)).json()) as OpenApiDocument;
      for (const path of ["/docs", "/docs/scalar.js"]) {
        assert.ok(
          index.routes.some((route) => route.method === "GET" && route.path === path),
          path,
        );
        assert.ok(document.paths[path]?.get, path);
      }
    }
  });
});

test("GET /docs/scalar.js: Scalar's bundle, with a strong ETag; kept a year when linked with its hash", async (t) => {
  const sandbox = await startFullSandbox(t, { only: "storefront" });
  const url = sandbox.urls.storefront!;
  const link = /<script src="(\/docs\/scalar\.js\?v=([\w-]+))"><\/script>/.exec(
    await (await fetch(`${url}/docs`)).text(),
  );
  assert.ok(link, "the page links the bundle with its hash");
  const [, linked, hash] = link;
  const etag = `"${hash}"`;
  assert.equal(hash, createHash("sha256").update(BUNDLE).digest("base64url").slice(0, 22));

  await t.test("as the page links it: the bundle, immutable for a year", async () => {
    const response = await fetch(`${url}${linked}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "text/javascript; charset=utf-8");
    assert.equal(response.headers.get("x-content-type-options"), "nosniff");
    assert.equal(response.headers.get("etag"), etag);
    assert.equal(response.headers.get("cache-control"), "public, max-age=31536000, immutable");
    assert.ok(Buffer.from(await response.arrayBuffer()).equals(BUNDLE));
  });

  await t.test("without the hash (or with another): revalidated each time", async () => {
    for (const path of ["/docs/scalar.js", "/docs/scalar.js?v=old"]) {
      const response = await fetch(`${url}${path}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("cache-control"), "no-cache", path);
      assert.equal(response.headers.get("etag"), etag);
      await response.body?.cancel();
    }
  });

  await t.test("If-None-Match with its ETag (weak or not, in a list, or *): 304 without a body", async () => {
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const response = await fetch(`${url}${linked}`, { headers: { "if-none-match": ifNoneMatch } });
      assert.equal(response.status, 304, ifNoneMatch);
      assert.equal(response.headers.get("etag"), etag);
      assert.equal(response.headers.get("cache-control"), "public, max-age=31536000, immutable");
      assert.equal(await response.text(), "");
    }
    const changed = await fetch(`${url}${linked}`, { headers: { "if-none-match": '"an-older-bundle"' } });
    assert.equal(changed.status, 200);
    await changed.body?.cancel();
  });

  await t.test("HEAD: the headers without the bundle", async () => {
    const response = await fetch(`${url}${linked}`, { method: "HEAD" });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("etag"), etag);
    assert.equal(await response.text(), "");
  });
});

test("404 and 405 around /docs stay as on any path; GET / sends a browser to /docs and keeps JSON for clients", async (t) => {
  const sandbox = await startFullSandbox(t);
  const { storefront, wallet, host } = sandbox.urls as Record<string, string>;

  await t.test("another method is 405 with Allow; another path under /docs is 404", async () => {
    for (const path of ["/docs", "/docs/scalar.js"]) {
      const response = await fetch(`${storefront}${path}`, { method: "POST" });
      assert.equal(response.status, 405, path);
      assert.equal(response.headers.get("allow"), "GET, HEAD, OPTIONS");
      assert.equal((await errorBody(response)).code, "method_not_allowed");
    }
    for (const path of ["/docs/standalone.js", "/docs/scalar.js/x", "/doc"]) {
      const response = await fetch(`${storefront}${path}`, { headers: { accept: BROWSER_ACCEPT } });
      assert.equal(response.status, 404, path);
      assert.equal((await errorBody(response)).code, "not_found");
    }
  });

  await t.test("a browser at GET / of the storefront or the wallet: 303 to /docs", async () => {
    for (const url of [storefront, wallet]) {
      const response = await fetch(`${url}/`, { headers: { accept: BROWSER_ACCEPT }, redirect: "manual" });
      assert.equal(response.status, 303);
      assert.equal(response.headers.get("location"), "/docs");
      assert.equal(response.headers.get("vary"), "accept");
    }
  });

  await t.test("an API client at GET /: the JSON index, which varies by Accept", async () => {
    for (const accept of [undefined, "*/*", "application/json", "text/html;q=0.5, application/json"]) {
      const response = await fetch(`${storefront}/`, { headers: accept ? { accept } : {} });
      assert.equal(response.status, 200, accept);
      assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8");
      assert.equal(response.headers.get("vary"), "accept");
      await response.body?.cancel();
    }
  });

  await t.test("the host app keeps its demo page for a browser at GET /", async () => {
    const response = await fetch(`${host}/`, { headers: { accept: BROWSER_ACCEPT }, redirect: "manual" });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "text/html; charset=utf-8");
    assert.match(await response.text(), /Your app/);
  });
});
