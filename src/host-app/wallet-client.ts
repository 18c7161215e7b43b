import { HOST_TEXTS } from "../contracts/host-app/errors.ts";
import { LIST_TRANSACTIONS } from "../contracts/wallet/routes.ts";
import { failWith, messageOf } from "../errors.ts";
import { isJsonObject } from "../json-text.ts";

/** The Via header of the host app's calls to the wallet. */
export const HOST_VIA = "1.1 sandbox-host-app";

/** The transaction query parameters the host app passes through to the wallet: those of the wallet's transaction list. */
export const PASSED_THROUGH = Object.keys(LIST_TRANSACTIONS.query ?? {});

export type WalletAnswer = { ok: true; body: Record<string, unknown> } | { ok: false; response: Response };

/**
 * Calls a wallet route over HTTP as the user. A wallet error (an expired token, a bad period)
 * comes back as the wallet's own response, to be passed through; a wallet that does not answer
 * is a 502 that names it.
 */
export async function callWallet(url: string, token: string): Promise<WalletAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      // Via (RFC 9110) marks the call as the host app's own, made for a request it proxies: the journal shows it, and a recording leaves it out.
      headers: { authorization: `Bearer ${token}`, accept: "application/json", via: HOST_VIA },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    failWith(HOST_TEXTS.walletSilent, {
      values: { origin: new URL(url).origin, reason: messageOf(error) },
      expected: true,
    });
  }
  if (!response.ok) return { ok: false, response: await passThrough(response) };
  const body: unknown = await response.json().catch(() => undefined);
  if (!isJsonObject(body)) {
    failWith(HOST_TEXTS.walletNotJson, {
      values: { origin: new URL(url).origin, status: response.status },
      expected: true,
    });
  }
  return { ok: true, body };
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
