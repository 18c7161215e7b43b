import type { H3, H3Event } from "h3";
import { signInAsApp } from "../../agent/as-app.ts";
import { findUser } from "../../identity/end-user.ts";
import { fail } from "../../http/errors.ts";
import { readJsonObject } from "../../http/json-body.ts";
import { failHost } from "../errors.ts";
import type { AskAnswer } from "./agent.ts";
import { MAX_EMBED_BODY_BYTES, parseAskInput, stringField } from "./ask-input.ts";
import { identityOptions, type EmbedDeps } from "./deps.ts";
import { freshEmbed, type FreshEmbed } from "./fresh-identity.ts";
import { checkEmbedIdentity, refusalMessage } from "./verify.ts";

/** The embed's JSON routes: the chat's questions, the preview's session button, and the demo host page's tokens. */
export function addEmbedApiRoutes(app: H3, deps: EmbedDeps): void {
  app.post("/embed/api/ask", async (event): Promise<AskAnswer> => {
    const input = parseAskInput(await readEmbedBody(event));
    const check = await checkEmbedIdentity(input, { ...identityOptions(deps), requireEndUser: false });
    if (check.state === "refused") failHost("identity_invalid", refusalMessage(check), { details: { code: check.code, reason: check.reason } });
    // The agent (its resolver and date parser) is loaded at the first question, not with the server.
    const { askAnonymously, askAsUser } = await import("./agent.ts");
    return check.state === "verified" ? askAsUser(input, check.user, deps) : askAnonymously(input);
  }, { meta: { description: "The chat's question {question, reply?, endUser?, identity?}: the agent's answer and what it called (identity verified on each call)" } });

  app.post("/embed/api/sessions", async (event) => {
    const body = await readEmbedBody(event);
    if (!stringField(body, "session")?.trim()) failHost("preview_only", "Registering sessions from the embed is for previews only: send the embed URL's session (present in preview URLs only)");
    const endUser = stringField(body, "endUser", true) ?? "";
    const user = deps.users.find((candidate) => candidate.id.toLowerCase() === endUser.trim().toLowerCase());
    if (!user) failHost("user_not_found", `No demo user has the id ${JSON.stringify(endUser.slice(0, 80))} (npx sandbox users lists them)`);
    const check = await checkEmbedIdentity({ identity: stringField(body, "identity"), endUser }, { ...identityOptions(deps), requireEndUser: true });
    if (check.state === "anonymous") failHost("identity_invalid", "Send the embed's identity token: sessions are registered for a signed-in user only", { details: { code: "missing_identity", reason: "no identity token" } });
    if (check.state === "refused") failHost("identity_invalid", refusalMessage(check), { details: { code: check.code, reason: check.reason } });
    try {
      await signInAsApp(deps.urls, user);
    } catch (error) {
      failHost("upstream_unavailable", `Signing ${user.name} in as the app did not work: ${(error as Error).message}`, { expected: true });
    }
    return { registered: [...(deps.urls.storefront ? ["storefront"] : []), ...(deps.urls.wallet && deps.urls.host ? ["host"] : [])] };
  }, { meta: { description: "Preview only: {endUser, identity, session} signs the demo user in as the app does and registers both agent sessions" } });

  app.post("/embed/api/identity", async (event): Promise<FreshEmbed> => {
    const userId = stringField(await readEmbedBody(event), "userId", true) ?? "";
    const user = findUser(deps.users, userId);
    if (!user) failHost("user_not_found", `No demo user has the id ${JSON.stringify(userId.slice(0, 80))} (npx sandbox users lists them)`);
    return freshEmbed(user, event.url.origin, deps);
  }, { meta: { description: "For the demo host page: {userId} of a demo user → a fresh identity token and the embed URLs in both modes" } });
}

/**
 * A JSON body of at most 16 KiB, from this host app's own pages: a page of another origin may
 * neither ask as the user nor get tokens (CORS would let it read the answers otherwise).
 */
async function readEmbedBody(event: H3Event): Promise<Record<string, unknown>> {
  const origin = event.req.headers.get("origin");
  if (origin !== null && origin !== event.url.origin) fail("forbidden_origin", `The embed's routes answer the host app's own pages only; this request came from ${origin.slice(0, 120)}`);
  return readJsonObject(event, MAX_EMBED_BODY_BYTES);
}
