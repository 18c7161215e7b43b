import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { test } from "node:test";
import { BFF_TEXTS } from "../../src/contracts/bff-errors.ts";
import { STOREFRONT_TEXTS } from "../../src/contracts/storefront/errors.ts";
import { OAUTH_TEXTS } from "../../src/contracts/wallet/oauth-errors.ts";
import type { OpenApiDocument } from "../../src/openapi/document.ts";
import { loginAt, startFullSandbox } from "../helpers/agent.ts";
import { startTestSandbox } from "../helpers/sandbox.ts";

const { version, license } = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
  license: string;
};

type Operation = {
  operationId: string;
  description: string;
  parameters?: { name: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: {
    content: Record<string, { schema: { required: string[]; properties: Record<string, Record<string, unknown>> } }>;
  };
  security: Record<string, string[]>[];
  responses: Record<
    string,
    {
      content?: Record<
        string,
        { schema: Record<string, unknown>; examples?: Record<string, { value: Record<string, unknown> }> }
      >;
    }
  >;
};

async function documentAt(url: string): Promise<OpenApiDocument> {
  const response = await fetch(`${url}/openapi.json`);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "application/json; charset=utf-8");
  return (await response.json()) as OpenApiDocument;
}

function operation(document: OpenApiDocument, path: string, method: string): Operation {
  const found = document.paths[path]?.[method] as Operation | undefined;
  assert.ok(found, `${method.toUpperCase()} ${path} is documented`);
  return found;
}

/** The example texts of a response, by the field that holds the text. */
function exampleTexts(
  document: OpenApiDocument,
  path: string,
  method: string,
  status: number,
  field = "error",
): string[] {
  const examples =
    operation(document, path, method).responses[String(status)]?.content?.["application/json"]?.examples ?? {};
  return Object.values(examples).map((example) => String(example.value[field]));
}

test("GET /openapi.json on each server: an OpenAPI 3.1 document of the server, for the URL it was asked at", async (t) => {
  const sandbox = await startFullSandbox(t);
  for (const [service, url] of Object.entries(sandbox.urls)) {
    await t.test(service, async () => {
      const document = await documentAt(url);
      assert.equal(document.openapi, "3.1.0");
      assert.equal(document.info.version, version);
      assert.deepEqual(document.info.license, { name: license, identifier: license }, "package.json's license");
      assert.equal(document.info.contact.name, "The agent-commerce-sandbox authors");
      assert.deepEqual(
        document.servers.map((server) => server.url),
        [url],
      );
      assert.ok(
        !Object.keys(document.paths).some((path) => path.startsWith("/__sandbox/")),
        "the sandbox controls are not part of the contract",
      );
      const index = (await (await fetch(`${url}/`)).json()) as { routes: { method: string; path: string }[] };
      assert.ok(
        index.routes.some((route) => route.method === "GET" && route.path === "/openapi.json"),
        "the index lists it",
      );
      // The document served on another name of the server describes that name.
      const local = await documentAt(url.replace("127.0.0.1", "localhost"));
      assert.deepEqual(
        local.servers.map((server) => server.url),
        [url.replace("127.0.0.1", "localhost")],
      );
    });
  }
});

test("security: the bearer JWT, the agent's service token with X-End-User-Id, and the wallet's OAuth 2.0, named route by route", async (t) => {
  const sandbox = await startFullSandbox(t);
  const storefront = await documentAt(sandbox.urls.storefront!);
  assert.deepEqual(operation(storefront, "/api/auth/login", "post").security, []);
  assert.deepEqual(operation(storefront, "/api/products", "get").security, [{ bearerJwt: [] }]);
  assert.deepEqual(operation(storefront, "/api/cart/stream", "get").security, [
    { bearerJwt: [] },
    { accessTokenQuery: [] },
  ]);
  assert.deepEqual(operation(storefront, "/api/agent/products", "get").security, [
    { agentServiceToken: [], endUserId: [] },
  ]);
  assert.deepEqual(storefront.components.securitySchemes.endUserId, {
    type: "apiKey",
    in: "header",
    name: "X-End-User-Id",
    description:
      "The user the agent acts for: the user's UUID (the sub of their JWT), whose app registered a session with POST /api/agent/session",
  });

  const wallet = await documentAt(sandbox.urls.wallet!);
  assert.deepEqual(operation(wallet, "/api/wallet/balance", "get").security, [
    { bearerJwt: [] },
    { walletOAuth: ["wallet:read"] },
  ]);
  const oauth = wallet.components.securitySchemes.walletOAuth as {
    type: string;
    flows: { authorizationCode: Record<string, unknown> };
  };
  assert.equal(oauth.type, "oauth2");
  assert.equal(oauth.flows.authorizationCode.authorizationUrl, `${sandbox.urls.wallet}/oauth/authorize`);
  assert.equal(oauth.flows.authorizationCode.tokenUrl, `${sandbox.urls.wallet}/oauth/token`);
  assert.deepEqual(oauth.flows.authorizationCode.scopes, { "wallet:read": "see your wallet balance and transactions" });
  assert.deepEqual(operation(wallet, "/.well-known/oauth-authorization-server", "get").security, []);

  const host = await documentAt(sandbox.urls.host!);
  assert.deepEqual(operation(host, "/api/agent/wallet", "get").security, [{ agentServiceToken: [], endUserId: [] }]);
});

test("every error a route answers is documented with its texts as examples, as the errors' tables hold them", async (t) => {
  const sandbox = await startFullSandbox(t);
  const storefront = await documentAt(sandbox.urls.storefront!);
  assert.ok(exampleTexts(storefront, "/api/agent/cart/items", "post", 401).includes(BFF_TEXTS.noActiveSession.text));
  assert.ok(exampleTexts(storefront, "/api/agent/cart/items", "post", 401).includes("Invalid agent service token"));
  assert.deepEqual(exampleTexts(storefront, "/api/cart/items", "post", 404), [STOREFRONT_TEXTS.productNotFound.text]);
  const wallet = await documentAt(sandbox.urls.wallet!);
  assert.ok(
    exampleTexts(wallet, "/oauth/token", "post", 400, "error_description").includes(OAUTH_TEXTS.codeUnknown.text),
    "the token endpoint's in RFC 6749's shape",
  );
  assert.deepEqual(operation(wallet, "/oauth/token", "post").responses["400"]?.content?.["application/json"]?.schema, {
    $ref: "#/components/schemas/OAuthError",
  });

  await t.test("a field's text is the one the server answers, word for word", async () => {
    const token = await loginAt(sandbox.urls.storefront!);
    const response = await fetch(`${sandbox.urls.storefront}/api/cart/items`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ product_id: "ofada-rice-5kg", quantity: 0 }),
    });
    const { error } = (await response.json()) as { error: string };
    assert.equal(response.status, 400);
    assert.ok(exampleTexts(storefront, "/api/cart/items", "post", 400).includes(error), error);
  });
});

test("the cart stream is text/event-stream, its `cart` event's data a Cart", async (t) => {
  const { url } = await startTestSandbox(t);
  const document = await documentAt(url);
  const stream = operation(document, "/api/cart/stream", "get").responses["200"]?.content;
  assert.deepEqual(Object.keys(stream ?? {}), ["text/event-stream"]);
  const schema = stream!["text/event-stream"]!.schema as {
    description: string;
    "x-sse-events": Record<string, { data: unknown }>;
  };
  assert.deepEqual(schema["x-sse-events"].cart?.data, { $ref: "#/components/schemas/Cart" });
  assert.match(schema.description, /`cart`/);
  // The cart route answers either.
  assert.deepEqual(Object.keys(operation(document, "/api/cart/items", "post").responses["200"]?.content ?? {}), [
    "application/json",
    "text/event-stream",
  ]);
});

test("--wallet-prefix moves the wallet's paths in its document", async (t) => {
  const { url } = await startTestSandbox(t, { service: "wallet", flags: { walletPrefix: "/v2/money" } });
  const paths = Object.keys((await documentAt(url)).paths);
  assert.ok(paths.includes("/v2/money/transactions/{id}"), paths.join(", "));
  assert.ok(!paths.some((path) => path.startsWith("/api/wallet")), paths.join(", "));
});

test("what a request may hold is in the schemas where JSON Schema can say it, and in the descriptions where not", async (t) => {
  const sandbox = await startFullSandbox(t);
  const wallet = await documentAt(sandbox.urls.wallet!);
  const schemas = wallet.components.schemas as Record<string, { properties: Record<string, unknown> }>;
  const query = operation(wallet, "/oauth/authorize", "get").parameters ?? [];
  assert.deepEqual(query.find((parameter) => parameter.name === "code_challenge")?.schema, {
    type: "string",
    minLength: 43,
    maxLength: 128,
    pattern: "^[A-Za-z0-9\\-._~]{43,128}$",
    examples: ["E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"],
  });
  assert.deepEqual(
    query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    ["response_type", "client_id", "redirect_uri"],
  );
  const form = operation(wallet, "/oauth/authorize", "post").requestBody!.content["application/x-www-form-urlencoded"]!
    .schema;
  assert.deepEqual(form.required, ["response_type", "client_id", "redirect_uri", "csrf_token", "email", "password"]);
  assert.match(JSON.stringify(schemas.AuthorizationCodeTokenRequest?.properties.code_verifier), /"pattern"/);

  const host = await documentAt(sandbox.urls.host!);
  const ask = operation(host, "/embed/api/ask", "post");
  const question = ask.requestBody!.content["application/json"]!.schema.properties.question!;
  assert.equal(question.pattern, "\\S", "not blank");
  assert.equal(question.maxLength, 16 * 1024 - '{"question":""}'.length, "what the 16 KiB body can carry");
  assert.match(ask.description, /maxLength counts code points/);

  assert.match(operation(wallet, "/api/wallet/transactions", "get").description, /never both/);
  assert.match(operation(wallet, "/oauth/token", "post").description, /one way, never both/);
});
