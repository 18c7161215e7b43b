import type { H3, H3Event } from "h3";
import { readBodyText } from "../http/json-body.ts";

/**
 * Sends an agent's request to the protected route of the same app, in-process, as the user:
 * with the stored JWT and Accept: application/json. The protected route does every check it
 * always does, and its answer, an error included, goes back to the agent as it is.
 */
export async function forwardInProcess(app: H3, event: H3Event, path: string, token: string): Promise<Response> {
  const headers = new Headers({ authorization: `Bearer ${token}`, accept: "application/json" });
  const type = event.req.headers.get("content-type");
  if (type) headers.set("content-type", type);
  // The agent may revalidate the catalog it holds as a client does: a 304 then spares the body.
  const condition = event.req.headers.get("if-none-match");
  if (condition) headers.set("if-none-match", condition);
  const hasBody = event.req.method !== "GET" && event.req.method !== "HEAD";
  const body = hasBody ? await readBodyText(event) : undefined;
  return app.fetch(
    new Request(new URL(`${path}${event.url.search}`, event.url.origin), { method: event.req.method, headers, body }),
  );
}
