import { failHost } from "./errors.ts";

/** The transaction query parameters the host app passes through to the wallet. */
export const PASSED_THROUGH = ["period", "from", "to", "direction", "include_insights"] as const;

export type WalletAnswer = { ok: true; body: Record<string, unknown> } | { ok: false; response: Response };

/**
 * Calls a wallet route over HTTP as the user. A wallet error (an expired token, a bad period)
 * comes back as the wallet's own response, to be passed through; a wallet that does not answer
 * is a 502 that names it.
 */
export async function callWallet(url: string, token: string): Promise<WalletAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: "application/json" }, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    failHost("upstream_unavailable", `The wallet at ${new URL(url).origin} did not answer (${(error as Error).message}). Is it running? See --wallet-url.`, { expected: true });
  }
  if (!response.ok) return { ok: false, response: await passThrough(response) };
  const body: unknown = await response.json().catch(() => undefined);
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    failHost("upstream_unavailable", `The wallet at ${new URL(url).origin} answered ${response.status} without a JSON object. Is --wallet-url a wallet?`, { expected: true });
  }
  return { ok: true, body: body as Record<string, unknown> };
}

/** A copy of the wallet's answer with only the headers that describe the body. */
async function passThrough(response: Response): Promise<Response> {
  const headers = new Headers();
  for (const name of ["content-type", "www-authenticate"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(await response.arrayBuffer(), { status: response.status, headers });
}
