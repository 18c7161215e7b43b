import { stringify } from "yaml";
import type { JournalEntry } from "../contracts/journal/entry.ts";
import { HEALTH_PATH } from "../contracts/service-routes.ts";
import { MASK } from "../mask.ts";
import type { DemoUser } from "../users.ts";
import { escapeVariables } from "./values.ts";

/** Requests a recording leaves to the steps that make them: logging in and registering the agent's session (their secrets are masked in the journal). */
const MADE_BY_THE_RUNNER = [
  { method: "POST", path: "/api/auth/login" },
  { method: "POST", path: "/api/agent/session" },
  { method: "DELETE", path: "/api/agent/session" },
];

/** A captured value: where it came from, and the variable a later request uses it as. */
interface Known {
  value: string;
  step: Record<string, unknown> & { capture?: Record<string, string> };
  selector: string;
  variable?: string;
}

/**
 * What the journal holds, as a scenario `sandbox run` replays: each request in order, sent as the
 * user it was sent for (logged in by the runner) or as the agent (the runner signs the user in and
 * registers the sessions, as their app did), and expected to answer the status it answered. The
 * logins and session registrations themselves are left out (their secrets are masked), and so are
 * event streams and requests whose body held a masked secret. A value a request sends that an
 * earlier answer held (a product id, an order reference) is captured there and used as `${name}`;
 * a `${` the request itself held is written `$${`, so that the replay sends it as it was.
 * Undefined when nothing is left to replay.
 */
export function recordScenario(
  entries: readonly JournalEntry[],
  users: readonly DemoUser[],
  name: string,
): string | undefined {
  const email = (id: string | undefined) => users.find((user) => user.id === id)?.email ?? id;
  const steps: Record<string, unknown>[] = [];
  const known: Known[] = [];
  const left: string[] = [];
  const names = new Set<string>();
  for (const entry of entries) {
    const line = `${entry.method} ${entry.path}`;
    if (MADE_BY_THE_RUNNER.some((made) => made.method === entry.method && made.path === entry.path)) continue;
    if (entry.path === HEALTH_PATH) continue;
    // A call a server made for a request it proxies (the host app's to the wallet) is the proxied request's, not one to replay.
    if ((entry.request.headers.via ?? "").includes("sandbox-")) continue;
    const why = leftOutBecause(entry);
    if (why) {
      left.push(`${line} (${why})`);
      continue;
    }
    const request: Record<string, unknown> = {
      server: entry.service,
      ...(entry.method === "GET" ? {} : { method: entry.method }),
      path: entry.query ? `${entry.path}?${entry.query}` : entry.path,
    };
    if (entry.agent && entry.user) request.agent = email(entry.user);
    else if (entry.user && entry.request.headers.authorization) request.as = email(entry.user);
    const sent = requestBody(entry);
    if (sent) Object.assign(request, sent);
    const step: Known["step"] = {
      request: withKnownValues(escapeVariables(request), known, names),
      expect: { status: entry.status },
    };
    steps.push(step);
    const answer = parsed(entry.response.body?.truncated ? undefined : entry.response.body?.text);
    if (answer !== undefined) for (const [selector, value] of idsIn(answer, "$")) known.push({ value, step, selector });
  }
  if (steps.length === 0) return undefined;
  const description = [
    "Recorded from the request journal (sandbox journal --scenario).",
    ...(left.length > 0 ? [`Left out: ${left.join("; ")}.`] : []),
  ].join(" ");
  return stringify({ name, description, steps }, { lineWidth: 0 });
}

/** Why a request cannot be replayed as the journal holds it; undefined when it can. */
function leftOutBecause(entry: JournalEntry): string | undefined {
  if (/text\/event-stream/.test(entry.response.headers["content-type"] ?? "")) return "an event stream: use waitFor";
  // The journal masked it (mask.ts): a replay would send `***`.
  if (entry.request.body?.text.includes(MASK)) return "its body held a secret";
  if (entry.query.includes(MASK)) return "its query held a secret";
  if (entry.path.includes(MASK)) return "its path held a secret";
  // A server that answered before reading the body (a 401) never journaled it: a replay would send none.
  const sentBody =
    Number(entry.request.headers["content-length"] ?? 0) > 0 || "transfer-encoding" in entry.request.headers;
  if (sentBody && !entry.request.body) return "its body was not kept: the server answered without reading it";
  return undefined;
}

/** The request's body as a step sends it: JSON, or a form. */
function requestBody(entry: JournalEntry): Record<string, unknown> | undefined {
  const text = entry.request.body?.text;
  if (!text || entry.request.body?.truncated) return undefined;
  const type = entry.request.headers["content-type"] ?? "";
  if (type.includes("application/x-www-form-urlencoded"))
    return { form: Object.fromEntries(new URLSearchParams(text)) };
  const json = parsed(text);
  return json === undefined ? undefined : { body: json };
}

function parsed(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The strings of an answer that look like ids (a word of 4+ characters with a letter, and a digit, a dash or an underscore), with their selectors. */
function* idsIn(value: unknown, at: string): Generator<[string, string]> {
  if (typeof value === "string") {
    if (/^[\w-]{4,64}$/.test(value) && /[A-Za-z]/.test(value) && /[\d_-]/.test(value)) yield [at, value];
  } else if (Array.isArray(value)) {
    for (const [index, each] of value.entries()) yield* idsIn(each, `${at}[${index}]`);
  } else if (value !== null && typeof value === "object") {
    for (const [key, each] of Object.entries(value))
      yield* idsIn(each, /^[A-Za-z_$][\w$]*$/.test(key) ? `${at}.${key}` : `${at}['${key}']`);
  }
}

/** The request with each value an earlier answer held replaced by its variable, captured where it was first seen. */
function withKnownValues<T>(value: T, known: Known[], names: Set<string>): T {
  if (typeof value === "string") {
    let text: string = value;
    for (const each of known) {
      if (!text.includes(each.value)) continue;
      if (!each.variable) {
        const base = (/\.(\w+)$|\['([^']+)'\]$/.exec(each.selector)?.slice(1).find(Boolean) ?? "value").replace(
          /\W/g,
          "_",
        );
        let variable = base;
        for (let n = 2; names.has(variable); n++) variable = `${base}${n}`;
        names.add(variable);
        each.variable = variable;
        each.step.capture = { ...each.step.capture, [variable]: escapeVariables(each.selector) };
      }
      text = text === each.value ? `\${${each.variable}}` : text.split(each.value).join(`\${${each.variable}}`);
    }
    return text as T;
  }
  if (Array.isArray(value)) return value.map((each) => withKnownValues(each, known, names)) as T;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([key, each]) => [key, withKnownValues(each, known, names)]),
    ) as T;
  return value;
}
