import { randomUUID } from "node:crypto";
import { buildEmbedUrl, EMBED_MODES, type EmbedMode, isoTime, signIdentity } from "../../identity/index.ts";
import type { FromSchema } from "../../json-schema.ts";
import type { DemoUser } from "../../users.ts";
import type { EmbedDeps } from "./deps.ts";

const EMBED_URL = { type: "string", description: "With mode, endUser, identity and a preview session" } as const;

export const FRESH_EMBED = {
  title: "FreshEmbed",
  type: "object",
  required: ["identity", "expiresAt", "urls"],
  properties: {
    identity: { type: "string", description: "An identity token for the user (HS256, SIGNING_SECRET, 10 minutes)" },
    expiresAt: { type: "string", description: "When it expires (ISO 8601)" },
    urls: {
      type: "object",
      description: "The embed URL in each mode, on this host app",
      required: ["drawer", "launcher"],
      properties: { drawer: EMBED_URL, launcher: EMBED_URL },
    },
  },
} as const;

export type FreshEmbed = FromSchema<typeof FRESH_EMBED>;

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
      buildEmbedUrl(`${origin}/embed`, { mode, endUser: user.id, identity: token, session }),
    ]),
  );
  return { identity: token, expiresAt: isoTime(claims.exp), urls: urls as Record<EmbedMode, string> };
}
