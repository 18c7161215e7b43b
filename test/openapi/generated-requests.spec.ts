import assert from "node:assert/strict";
import { test } from "node:test";
import { WALLET_TEXTS } from "../../src/contracts/wallet/errors.ts";
import { OAUTH_TEXTS } from "../../src/contracts/wallet/oauth-errors.ts";
import type { OpenApiDocument } from "../../src/openapi/document.ts";
import { SERVICE_TOKEN, startFullSandbox } from "../helpers/agent.ts";
import { basic, CLIENT } from "../helpers/oauth.ts";
import { type Generated, type Operation, RequestGenerator, type Schema } from "../helpers/request-generator.ts";

/**
 * What a client generated from the documents sends: for every operation, a request made from the
 * document alone (its examples where it gives them, else the least value each schema allows:
 * empty strings, the minimum, no optional field), once with the required parts only and once with
 * every part it describes. The server may refuse such a request only for a rule the operation's
 * description states: each is listed here, so that an undocumented refusal fails the test.
 */
const DOCUMENTED_REFUSALS: readonly { request: string; refusal: string; documented: string }[] = [
  // A rule between query parameters, each of which OpenAPI describes alone.
  { request: "listTransactions, every part", refusal: WALLET_TEXTS.periodAndRange.text, documented: "never both" },
  { request: "agentGetWallet, every part", refusal: WALLET_TEXTS.periodAndRange.text, documented: "never both" },
  // Basic (the document's security) with client_secret_post's fields, which no security scheme names.
  {
    request: "issueToken AuthorizationCodeTokenRequest, every part",
    refusal: OAUTH_TEXTS.twoClientAuths.text,
    documented: "authenticates one way, never both",
  },
  {
    request: "issueToken RefreshTokenRequest, every part",
    refusal: OAUTH_TEXTS.twoClientAuths.text,
    documented: "authenticates one way, never both",
  },
  // What the server holds: a code or refresh token it issued, which no document can show.
  {
    request: "issueToken AuthorizationCodeTokenRequest, required parts",
    refusal: OAUTH_TEXTS.codeUnknown.text,
    documented: "the code must be one this wallet issued",
  },
  {
    request: "issueToken RefreshTokenRequest, required parts",
    refusal: OAUTH_TEXTS.refreshUnknown.text,
    documented: "a refresh token must be one this wallet issued",
  },
];

test("a request made from the documents alone is refused only for a rule its operation's description states", {
  timeout: 60_000,
}, async (t) => {
  const sandbox = await startFullSandbox(t);
  const met = new Set<string>();
  for (const [service, url] of Object.entries(sandbox.urls)) {
    const document = (await (await fetch(`${url}/openapi.json`)).json()) as OpenApiDocument;
    const generator = new RequestGenerator(document);
    const auth = await credentials(sandbox.urls, service);
    await t.test(service, async () => {
      for (const [template, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations as Record<string, Operation>)) {
          assert.ok(
            typeof operation.description === "string" && operation.description.trim() !== "",
            `${operation.operationId} has a description`,
          );
          for (const request of generator.requests(template, method, operation)) {
            const refusal = await send(url, method, request, await auth(operation.security[0] ?? {}));
            if (refusal === undefined) continue;
            const known = DOCUMENTED_REFUSALS.find(
              (entry) => entry.request === request.name && entry.refusal === refusal,
            );
            assert.ok(known, `${request.name} (${method.toUpperCase()} ${request.path}) was refused: ${refusal}`);
            assert.ok(
              operation.description.includes(known.documented),
              `the description of ${operation.operationId} states the rule: "${known.documented}"`,
            );
            met.add(`${known.request}: ${known.refusal}`);
          }
        }
      }
    });
  }
  assert.deepEqual(
    DOCUMENTED_REFUSALS.map((entry) => `${entry.request}: ${entry.refusal}`).filter((entry) => !met.has(entry)),
    [],
    "every listed refusal still happens (a rule that went away leaves the list)",
  );
});

/** The auth of one security requirement of the documents: the demo user's login, the agent's service token, the OAuth client's Basic. */
async function credentials(
  urls: Record<string, string | undefined>,
  service: string,
): Promise<(requirement: Record<string, string[]>) => Promise<Record<string, string>>> {
  // The demo user, signed in with the login operation's examples; the host app fronts the wallet, whose JWT its sessions take.
  const issuer = service === "host" ? urls.wallet! : urls[service]!;
  const document = (await (await fetch(`${issuer}/openapi.json`)).json()) as OpenApiDocument;
  const login = document.paths["/api/auth/login"]?.post as {
    requestBody: { content: Record<string, { schema: Schema }> };
  };
  const fields = login.requestBody.content["application/json"]!.schema.properties as Record<
    string,
    { examples: string[] }
  >;
  const signedIn = await post(`${issuer}/api/auth/login`, {
    email: fields.email!.examples[0],
    password: fields.password!.examples[0],
  });
  const { token, user } = (await signedIn.json()) as { token: string; user: { id: string } };
  const headers: Record<string, Record<string, string>> = {
    bearerJwt: { authorization: `Bearer ${token}` },
    agentServiceToken: { authorization: `Bearer ${SERVICE_TOKEN}` },
    endUserId: { "x-end-user-id": user.id },
    clientBasic: { authorization: basic(CLIENT.id, CLIENT.secret) },
  };
  return async (requirement) => {
    // The user's app registers the agent session (again: an example may have cleared it), as the agent routes need.
    if (requirement.endUserId)
      assert.equal((await post(`${urls[service]}/api/agent/session`, { userId: user.id, token })).status, 200);
    return Object.assign(
      {},
      ...Object.keys(requirement).map((scheme) => headers[scheme] ?? assert.fail(`no credentials for ${scheme}`)),
    );
  };
}

function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/**
 * Sends the request and answers what refused it, if anything did: a 400's error text (RFC 6749's
 * description on the token endpoint, the page on the sign-in pages), or the `error_description`
 * of an OAuth redirect back to the client.
 */
async function send(
  url: string,
  method: string,
  request: Generated,
  headers: Record<string, string>,
): Promise<string | undefined> {
  const body = request.body;
  const response = await fetch(`${url}${request.path}${request.query.size > 0 ? `?${request.query}` : ""}`, {
    method: method.toUpperCase(),
    redirect: "manual",
    headers: { ...headers, ...(body && { "content-type": body.mediaType }) },
    body:
      body &&
      (body.mediaType === "application/json"
        ? JSON.stringify(body.value)
        : new URLSearchParams(
            Object.entries(body.value).map(([name, value]): [string, string] => [name, String(value)]),
          )),
  });
  const location = response.headers.get("location");
  const redirected = location ? new URL(location, url).searchParams : undefined;
  if (response.status !== 400) {
    await response.body?.cancel();
    return redirected?.has("error") ? (redirected.get("error_description") ?? redirected.get("error")!) : undefined;
  }
  const text = await response.text();
  if (!response.headers.get("content-type")?.startsWith("application/json")) return text;
  const error = JSON.parse(text) as { error: string; error_description?: string };
  return error.error_description ?? error.error;
}
