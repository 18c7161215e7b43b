import type { H3Event } from "h3";
import { readBodyText } from "./json-body.ts";

/** An application/x-www-form-urlencoded body (at most 1 MiB), or null when it is sent as anything else. */
export async function readForm(event: H3Event): Promise<URLSearchParams | null> {
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(event.req.headers.get("content-type") ?? "")) return null;
  return new URLSearchParams(await readBodyText(event));
}
