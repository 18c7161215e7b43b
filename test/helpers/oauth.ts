import { ADA } from "./sandbox.ts";

export const CLIENT = {
  id: "sandbox-agent-platform",
  secret: "dev-oauth-client-secret-not-for-production",
  redirectUri: "http://localhost:3000/oauth/callback",
};

export interface SignInPage {
  status: number;
  headers: Headers;
  html: string;
  /** Hidden and visible fields of the form, as the browser would send them. */
  fields: URLSearchParams;
}

/** GET /oauth/authorize as a browser would, without following redirects. */
export async function openAuthorize(walletUrl: string, params: Record<string, string>): Promise<SignInPage | Response> {
  const response = await fetch(`${walletUrl}/oauth/authorize?${new URLSearchParams(params)}`, { redirect: "manual" });
  if (response.status !== 200) return response;
  const html = await response.text();
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields.append(match[1]!, unescapeHtml(match[2]!));
  return { status: response.status, headers: response.headers, html, fields };
}

/**
 * Submits the sign-in form; answers the raw response (a 302 to the client, or the page again).
 * `overrides` change fields (null leaves one out); `headers` add request headers.
 */
export function submitSignIn(
  walletUrl: string,
  page: SignInPage,
  credentials = ADA,
  overrides: Record<string, string | null> = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  const form = new URLSearchParams(page.fields);
  form.set("email", credentials.email);
  form.set("password", credentials.password);
  for (const [name, value] of Object.entries(overrides)) {
    if (value === null) form.delete(name);
    else form.set(name, value);
  }
  return fetch(`${walletUrl}/oauth/authorize`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: form,
  });
}

/** The whole browser part: open the page, sign in, and return the redirect's URL. */
export async function authorize(walletUrl: string, params: Record<string, string>, credentials = ADA): Promise<URL> {
  const page = await openAuthorize(walletUrl, params);
  if (page instanceof Response)
    throw new Error(`authorize answered ${page.status} ${page.headers.get("location") ?? (await page.text())}`);
  const response = await submitSignIn(walletUrl, page, credentials);
  const location = response.headers.get("location");
  if (response.status !== 302 || !location)
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return new URL(location);
}

export function tokenRequest(
  walletUrl: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${walletUrl}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form),
  });
}

export const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

export function unescapeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}
