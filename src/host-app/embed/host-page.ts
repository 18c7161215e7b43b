import type { H3Event } from "h3";
import { prefersHtml } from "../../http/accept.ts";
import { escapeHtml, renderTemplate } from "../../http/html-template.ts";
import { readAssetText } from "./assets.ts";
import type { EmbedDeps } from "./deps.ts";
import { freshEmbed } from "./fresh-identity.ts";
import { htmlResponse } from "./page.ts";

/** GET / from a browser (text/html preferred to JSON): the demo host page. Anything else goes on to the JSON index. */
export async function hostPageFor(event: H3Event, deps: EmbedDeps): Promise<Response | undefined> {
  if (event.req.method !== "GET" || event.url.pathname !== "/" || !prefersHtml(event.req.headers.get("accept")))
    return undefined;
  return hostPage(event.url.origin, deps);
}

/**
 * "Your app": a user picker of the demo users, a mode picker, and the embed in an iframe. It opens
 * on the first user in drawer mode with a fresh identity token; its script gets a new one from
 * POST /embed/api/identity at each pick.
 */
async function hostPage(origin: string, deps: EmbedDeps): Promise<Response> {
  const [first] = deps.users;
  const embedUrl = first ? (await freshEmbed(first, origin, deps)).urls.drawer : "";
  const userOptions = deps.users
    .map(
      (user, index) =>
        `<option value="${escapeHtml(user.id)}"${index === 0 ? " selected" : ""}>${escapeHtml(`${user.name} (${user.email})`)}</option>`,
    )
    .join("");
  return htmlResponse(
    renderTemplate(
      await readAssetText("host.html"),
      { userId: first?.id ?? "", mode: "drawer", embedUrl },
      { userOptions },
    ),
  );
}
