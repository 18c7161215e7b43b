import type { H3Event } from "h3";
import { EMBED_MODES, type EmbedMode } from "../../contracts/host-app/embed.ts";
import { renderTemplate } from "../../http/html-template.ts";
import { readAssetText } from "./assets.ts";
import { type EmbedDeps, identityOptions } from "./deps.ts";
import { htmlResponse } from "./page.ts";
import { registerSteps } from "./register-steps.ts";
import type { EmbedValues } from "./template.ts";
import { checkEmbedIdentity, refusalMessage } from "./verify.ts";

/**
 * GET /embed?mode=&endUser=&identity=&session=: the chat embed page, in one of four states.
 * A bad mode is a 400 page listing the two modes; a refused identity a 401 page that says why
 * and holds no token; verified and anonymous chats a 200.
 */
export async function embedPage(event: H3Event, deps: EmbedDeps): Promise<Response> {
  const query = event.url.searchParams;
  const given = { endUser: query.get("endUser") ?? "", session: query.get("session")?.trim() ?? "" };
  const base = { ...given, userName: "", reasonCode: "", identity: "", registerCommand: "", uiCommand: "" };
  const mode = EMBED_MODES.find((candidate) => candidate === query.get("mode"));
  if (!mode)
    return render(
      { ...base, state: "bad-mode", mode: "", reasonCode: "bad_mode", message: badModeMessage(query.get("mode")) },
      400,
    );
  const identity = query.get("identity") ?? "";
  const check = await checkEmbedIdentity(
    { identity, endUser: given.endUser },
    { ...identityOptions(deps), requireEndUser: true },
  );
  if (check.state === "refused")
    return render({ ...base, state: "refused", mode, reasonCode: check.code, message: refusalMessage(check) }, 401);
  if (check.state === "anonymous")
    return render(
      {
        ...base,
        state: "anonymous",
        mode,
        message:
          "You are not signed in: this chat can search the catalog. Sign in to ask about your orders, cart or wallet.",
      },
      200,
    );
  return render(
    {
      ...base,
      state: "verified",
      mode,
      userName: check.user.name,
      identity: identity.trim(),
      ...registerSteps(check.user, mode, deps.dataDir),
      message: `Chatting as ${check.user.name}.`,
    },
    200,
  );
}

function badModeMessage(given: string | null): string {
  const modes = EMBED_MODES.map((mode: EmbedMode) => `"${mode}"`).join(" or ");
  const got = given === null ? "the URL has no mode" : `got ${JSON.stringify(given.slice(0, 80))}`;
  return `This embed needs mode=drawer (a side panel) or mode=launcher (a floating button that opens the chat): mode must be ${modes}; ${got}.`;
}

async function render(values: EmbedValues, status: number): Promise<Response> {
  return htmlResponse(renderTemplate(await readAssetText("embed.html"), values), status);
}
