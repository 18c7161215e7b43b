import type { H3, H3Event } from "h3";
import { ASK, FRESH_IDENTITY, REGISTER_SESSIONS } from "../../contracts/host-app/embed.ts";
import type { AskAnswer, FreshEmbed } from "../../contracts/host-app/embed-schemas.ts";
import { HOST_TEXTS } from "../../contracts/host-app/errors.ts";
import type { BodyOf, RouteContract } from "../../contracts/route-contract.ts";
import { failWith, messageOf } from "../../errors.ts";
import { type BodyFields, readBody } from "../../http/request-input.ts";
import { findUser } from "../../identity/end-user.ts";
import { parseAskInput } from "./ask-input.ts";
import { type EmbedDeps, identityOptions } from "./deps.ts";
import { freshEmbed } from "./fresh-identity.ts";
import { checkEmbedIdentity } from "./verify.ts";

/** The embed's JSON routes: the chat's questions, the preview's session button, and the demo host page's tokens. */
export function addEmbedApiRoutes(app: H3, deps: EmbedDeps): void {
  app.post(
    "/embed/api/ask",
    async (event): Promise<AskAnswer> => {
      const input = parseAskInput(await readEmbedBody(event, ASK));
      const check = await checkEmbedIdentity(input, { ...identityOptions(deps), requireEndUser: false });
      if (check.state === "refused") refuseIdentity(check);
      if (check.state === "verified") return deps.agent.askAsUser(input, check.user);
      const answer = await deps.agent.askAnonymously(input);
      if ("signInRequired" in answer)
        failWith(HOST_TEXTS.signInRequired, { details: { action: answer.signInRequired } });
      return answer;
    },
    { meta: ASK },
  );

  app.post(
    "/embed/api/sessions",
    async (event) => {
      const body = await readEmbedBody(event, REGISTER_SESSIONS);
      if (!body.field("session")?.trim()) failWith(HOST_TEXTS.previewOnly);
      const endUser = body.field("endUser");
      const user = deps.users.find((candidate) => candidate.id.toLowerCase() === endUser.trim().toLowerCase());
      if (!user) unknownUser(endUser);
      const check = await checkEmbedIdentity(
        { identity: body.field("identity"), endUser },
        { ...identityOptions(deps), requireEndUser: true },
      );
      if (check.state === "anonymous")
        failWith(HOST_TEXTS.identityMissing, { details: { code: "missing_identity", reason: "no identity token" } });
      if (check.state === "refused") refuseIdentity(check);
      try {
        await deps.agent.registerSessions(user);
      } catch (error) {
        failWith(HOST_TEXTS.appSignInFailed, {
          values: { name: user.name, reason: messageOf(error) },
          expected: true,
        });
      }
      return {
        registered: [
          ...(deps.urls.storefront ? ["storefront"] : []),
          ...(deps.urls.wallet && deps.urls.host ? ["host"] : []),
        ],
      };
    },
    { meta: REGISTER_SESSIONS },
  );

  app.post(
    "/embed/api/identity",
    async (event): Promise<FreshEmbed> => {
      const userId = (await readEmbedBody(event, FRESH_IDENTITY)).field("userId");
      const user = findUser(deps.users, userId);
      if (!user) unknownUser(userId);
      return freshEmbed(user, event.url.origin, deps);
    },
    { meta: FRESH_IDENTITY },
  );
}

/**
 * The JSON body (at most 16 KiB, says each route's contract), from this host app's own pages: a page
 * of another origin may neither ask as the user nor get tokens (CORS would let it read the answers otherwise).
 */
async function readEmbedBody<C extends RouteContract>(event: H3Event, contract: C): Promise<BodyFields<BodyOf<C>>> {
  const origin = event.req.headers.get("origin");
  if (origin !== null && origin !== event.url.origin)
    failWith(HOST_TEXTS.foreignOrigin, { values: { origin: origin.slice(0, 120) } });
  return readBody(event, contract);
}

function refuseIdentity(check: { code: string; reason: string }): never {
  return failWith(HOST_TEXTS.identityRefused, {
    values: { reason: check.reason },
    details: { code: check.code, reason: check.reason },
  });
}

function unknownUser(id: string): never {
  return failWith(HOST_TEXTS.unknownUser, { values: { id: JSON.stringify(id.slice(0, 80)) } });
}
