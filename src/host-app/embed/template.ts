/**
 * The pages' templates (assets/embed.html, assets/host.html) and how the server fills them.
 *
 * A placeholder is `{{name}}`; each is filled in one pass (a value that holds `{{…}}` stays as
 * it is), and every value is HTML-escaped (`& < > " '`), so it is safe in text and in quoted
 * attributes alike. A name the server does not fill stays in the page as written.
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
 *
 * host.html (GET / for a browser):
 *   {{userOptions}} the demo users as `<option value="<id>">Name (email)</option>` elements, the first selected (made of escaped parts, inserted as HTML)
 *   {{userId}}      the first demo user's id
 *   {{mode}}        the first mode, drawer
 *   {{embedUrl}}    the embed URL for that user and mode, with a fresh identity token and a preview session
 */

/** The placeholders of embed.html. */
export const EMBED_PLACEHOLDERS = ["state", "mode", "endUser", "userName", "session", "reasonCode", "message", "identity"] as const;
export type EmbedValues = Record<(typeof EMBED_PLACEHOLDERS)[number], string>;

/** The placeholders of host.html; userOptions is HTML, the others text. */
export const HOST_PLACEHOLDERS = ["userOptions", "userId", "mode", "embedUrl"] as const;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for HTML text and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string);
}

/** Fills `{{name}}` with the escaped value of `text[name]`, or with `html[name]` as it is (already safe HTML). */
export function renderTemplate(template: string, text: Record<string, string>, html: Record<string, string> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => {
    if (Object.hasOwn(text, name)) return escapeHtml(text[name] as string);
    if (Object.hasOwn(html, name)) return html[name] as string;
    return placeholder;
  });
}
