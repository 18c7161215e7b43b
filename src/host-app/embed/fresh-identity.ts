import { randomUUID } from "node:crypto";
import { EMBED_MODES, EMBED_PATH, type EmbedMode } from "../../contracts/host-app/embed.ts";
import type { FreshEmbed } from "../../contracts/host-app/embed-schemas.ts";
import { buildEmbedUrl, isoTime, signIdentity } from "../../identity/index.ts";
import type { DemoUser } from "../../users.ts";
import type { EmbedDeps } from "./deps.ts";

/**
 * What a host backend does for its signed-in user before it opens the embed: a fresh identity
 * token (default lifetime, on the sandbox clock) and the embed URLs on this host app (`origin`,
 * as the browser reached it, so that the embed is framed by its own origin).
 */
export async function freshEmbed(user: DemoUser, origin: string, deps: EmbedDeps): Promise<FreshEmbed> {
  const { token, claims } = await signIdentity({
    secret: deps.signingSecret,
    subject: user.id,
    now: deps.now(),
    maxLifetimeSeconds: deps.identityMaxLifetimeSeconds,
  });
  const session = `preview-${randomUUID().slice(0, 8)}`;
  const urls = Object.fromEntries(
    EMBED_MODES.map((mode) => [
      mode,
      buildEmbedUrl(`${origin}${EMBED_PATH}`, { mode, endUser: user.id, identity: token, session }),
    ]),
  );
  return { identity: token, expiresAt: isoTime(claims.exp), urls: urls as Record<EmbedMode, string> };
}
