/** An answer as it came: its status, headers and text. */
export interface PlainAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * The client's plain send, for requests that have no contract: a team's action, templated from
 * data (`--actions <dir>`), and a scenario's request step, written as the scenario says. The
 * answer comes back as it came, for the caller to read by what it knows of it; a request that gets
 * no answer rejects as fetch does. Everything with a contract goes through ServiceClient.call.
 */
export async function sendPlain(url: string, init: RequestInit, send: typeof fetch = fetch): Promise<PlainAnswer> {
  const response = await send(url, init);
  return { status: response.status, headers: response.headers, text: await response.text() };
}
