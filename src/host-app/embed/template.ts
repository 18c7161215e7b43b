/**
 * The pages' templates (assets/embed.html, assets/host.html) and what the server fills them with
 * (with renderTemplate, src/http/html-template.ts: every value escaped).
 *
 * embed.html (GET /embed):
 *   {{state}}       verified | anonymous | refused | bad-mode
 *   {{mode}}        drawer | launcher; empty in the bad-mode state
 *   {{endUser}}     the endUser of the URL, as given (trusted only when state is verified)
 *   {{userName}}    the verified user's name; empty otherwise
 *   {{session}}     the preview session of the URL; empty when there is none (not a preview)
 *   {{reasonCode}}  why the identity was refused (expired, bad_signature, user_mismatch, missing_end_user, malformed, …) or bad_mode; empty otherwise
 *   {{message}}     what the page says about its state, in words (the refusal's reason, the modes to use)
 *   {{identity}}    the identity token, for the script's ask calls (a meta tag); empty when anonymous or refused
 *   {{registerCommand}}, {{uiCommand}}  verified only: the commands that register the user's agent sessions as the app
 *                   would, which the chat offers when a question finds none and it has no session (so no button): ./register-steps.ts
 *
 * host.html (GET / for a browser):
 *   {{userOptions}} the demo users as `<option value="<id>">Name (email)</option>` elements, the first selected (made of escaped parts, inserted as HTML)
 *   {{userId}}      the first demo user's id
 *   {{mode}}        the first mode, drawer
 *   {{embedUrl}}    the embed URL for that user and mode, with a fresh identity token and a preview session
 */

/** The placeholders of embed.html. */
export const EMBED_PLACEHOLDERS = [
  "state",
  "mode",
  "endUser",
  "userName",
  "session",
  "reasonCode",
  "message",
  "identity",
  "registerCommand",
  "uiCommand",
] as const;
export type EmbedValues = Record<(typeof EMBED_PLACEHOLDERS)[number], string>;

/** The placeholders of host.html; userOptions is HTML, the others text. */
export const HOST_PLACEHOLDERS = ["userOptions", "userId", "mode", "embedUrl"] as const;
