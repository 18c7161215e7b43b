import { createHash } from "node:crypto";
import type { H3 } from "h3";
import { type DemoSignIn, demoSignIn } from "../auth/login.ts";
import { OPTIONS } from "../config/options.ts";
import { SERVICE_TOKEN } from "../contracts/agent-routes.ts";
import { BEARER_JWT } from "../contracts/guards.ts";
import { DOCS_PAGE, DOCS_PATH, OPENAPI_PATH, SCALAR_PATH } from "../contracts/service-routes.ts";
import { renderTemplate } from "../http/html-template.ts";
import { appRoutes } from "../http/route-table.ts";
import type { ServiceIndex } from "../http/service-index.ts";
import { addScalarRoute, scalarBundle } from "./scalar-bundle.ts";

/** The bar above the reference. */
const STYLE = `
  body { margin: 0; }
  .sandbox-bar { display: flex; flex-wrap: wrap; align-items: center; gap: .4rem 1rem; padding: .6rem 1rem; font: 14px/1.45 system-ui, sans-serif; background: #f3f5f8; color: #1c2430; border-bottom: 1px solid #d5dbe3; }
  .sandbox-bar p { margin: 0; }
  .sandbox-bar code { font: 13px ui-monospace, monospace; }
  .sandbox-bar button { font: inherit; padding: .2rem .7rem; border: 1px solid #98a2b3; border-radius: 6px; background: #fff; cursor: pointer; }
  .sandbox-bar button:focus-visible, .sandbox-bar input:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
  .sandbox-bar input { width: 22rem; max-width: 60vw; font: 13px ui-monospace, monospace; padding: .2rem .4rem; }
  .sandbox-bar [hidden] { display: none; }
`;

/**
 * Starts the reference on the server's document and, where the server has a login route, signs
 * the demo user in on a click: shows the token (with a copy button) and gives it to the
 * reference, so that "Try it" sends it. The config comes from the JSON block the server wrote.
 */
const SCRIPT = `
"use strict";
const config = JSON.parse(document.getElementById("docs-config").textContent);
const reference = Scalar.createApiReference("#app", config.reference);
const signIn = config.signIn;
if (signIn) {
  const [button, box, field, copy, status] = ["sign-in", "token-box", "token", "copy-token", "sign-in-status"].map((id) => document.getElementById(id));
  button.addEventListener("click", async () => {
    button.disabled = true;
    status.textContent = "Signing in…";
    try {
      const response = await fetch(signIn.path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: signIn.email, password: signIn.password }) });
      const answer = await response.json();
      if (!response.ok) throw new Error(answer.error || "HTTP " + response.status);
      field.value = answer.token;
      box.hidden = false;
      const authentication = { preferredSecurityScheme: signIn.scheme, securitySchemes: { [signIn.scheme]: { token: answer.token } } };
      reference.updateConfiguration({ ...config.reference, authentication });
      status.textContent = "Signed in: Try it sends this token.";
    } catch (error) {
      status.textContent = "Sign-in failed: " + error.message;
    } finally {
      button.disabled = false;
    }
  });
  copy.addEventListener("click", async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      status.textContent = "Token copied.";
    } catch {
      status.textContent = "Press Ctrl+C to copy the selected token.";
    }
  });
}
`;

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * Only the sandbox's own script (the bundle, and the page's by its hash) and requests; Scalar's
 * styles are inline, which 'unsafe-inline' allows for styles only. No eval (Scalar's bundled zod
 * probes for it once, in a try, and does without), no frames, no forms, no base.
 */
export const DOCS_CSP = `default-src 'none'; script-src 'self' ${hash(SCRIPT)}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>{{title}}</title>
<style>{{style}}</style>
</head>
<body>
<header class="sandbox-bar">
<p><strong>{{title}}</strong>: every route of this server, from <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>. "Try it" sends requests to this server.</p>
{{notes}}
</header>
<div id="app"></div>
<script type="application/json" id="docs-config">{{config}}</script>
<script src="{{bundle}}"></script>
<script>{{script}}</script>
</body>
</html>
`;

const SIGN_IN = `<p>Demo user <code>{{email}}</code>, password <code>{{password}}</code>:
<button type="button" id="sign-in">Sign in as {{email}}</button>
<span id="token-box" hidden><label for="token">Bearer token</label> <input id="token" readonly> <button type="button" id="copy-token">Copy token</button></span>
<span id="sign-in-status" role="status"></span></p>`;

const SERVICE_TOKEN_NOTE = `<p>Agent routes take the agent's service token as <code>Authorization: Bearer</code>: the setting <code>{{key}}</code> (<code>{{flag}}</code>, <code>{{env}}</code>), which the start banner prints; and <code>X-End-User-Id</code>, a user whose app registered a session (<code>POST /api/agent/session</code>).</p>`;

/** GET /docs, the API reference of the app's document, and GET /docs/scalar.js, the script that draws it. */
export function addDocsRoutes(app: H3, index: ServiceIndex): void {
  app.get(DOCS_PATH, async () => docsPage(app, index, (await scalarBundle()).hash), { meta: DOCS_PAGE });
  addScalarRoute(app);
}

function docsPage(app: H3, index: ServiceIndex, bundleHash: string): Response {
  const signIn = demoSignIn(app);
  const notes = [
    signIn && renderTemplate(SIGN_IN, { email: signIn.email, password: signIn.password }),
    takesServiceToken(app) && serviceTokenNote(),
  ];
  // In one pass: the script goes in exactly as its hash says.
  const html = renderTemplate(
    PAGE,
    { title: `Agent sandbox: ${index.label ?? index.service} API`, bundle: `${SCALAR_PATH}?v=${bundleHash}` },
    {
      style: STYLE,
      script: SCRIPT,
      notes: notes.filter(Boolean).join("\n"),
      config: scriptJson(pageConfig(signIn)),
    },
  );
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": DOCS_CSP,
      "referrer-policy": "no-referrer",
      "cache-control": "no-store",
    },
  });
}

/**
 * What the page's script gets: Scalar's configuration (Scalar 1.4x's createApiReference options),
 * everything that would reach past this server turned off, and the demo sign-in.
 */
function pageConfig(signIn: DemoSignIn | undefined) {
  const reference = {
    url: OPENAPI_PATH,
    withDefaultFonts: false, // its fonts come from fonts.scalar.com
    telemetry: false,
    showDeveloperTools: "never", // the toolbar shares documents through Scalar's registry
    agent: { disabled: true }, // "Ask AI" talks to Scalar's servers
    hideClientButton: true, // "Open API Client" opens client.scalar.com with this document's URL
    ...(signIn && { authentication: { preferredSecurityScheme: BEARER_JWT.name } }),
  };
  return { reference, signIn: signIn ? { ...signIn, scheme: BEARER_JWT.name } : null };
}

/** JSON safe inside a <script> element: no `<` that could close it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

function takesServiceToken(app: H3): boolean {
  return appRoutes(app).some(({ meta }) =>
    meta.auth?.alternatives.some((schemes) => schemes.some((scheme) => scheme.name === SERVICE_TOKEN.name)),
  );
}

/** Where the service token comes from: its setting, never its value. */
function serviceTokenNote(): string {
  const option = OPTIONS.find((candidate) => candidate.key === "bffServiceToken")!;
  return renderTemplate(SERVICE_TOKEN_NOTE, { key: option.key, flag: option.flag, env: option.env });
}
