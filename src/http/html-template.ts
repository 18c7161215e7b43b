/**
 * HTML pages built from templates: a placeholder is `{{name}}`; each is filled in one pass (a
 * value that holds `{{…}}` stays as it is), and every text value is HTML-escaped (`& < > " '`),
 * so it is safe in text and in quoted attributes alike. A name the caller does not fill stays in
 * the page as written.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for HTML text and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Fills `{{name}}` with the escaped value of `text[name]`, or with `html[name]` as it is (already safe HTML). */
export function renderTemplate(
  template: string,
  text: Record<string, string>,
  html: Record<string, string> = {},
): string {
  return template.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => {
    const value = Object.hasOwn(text, name) ? text[name] : undefined;
    if (value !== undefined) return escapeHtml(value);
    return (Object.hasOwn(html, name) ? html[name] : undefined) ?? placeholder;
  });
}
