import { isOneOf } from "../../choices.ts";
import { parseDuration } from "../../duration.ts";
import type { ErrorText } from "../../errors.ts";
import { SERVICE_NAMES, type ServiceName } from "../../service-names.ts";
import { parseFaultAnswer } from "./fault-answer.ts";
import { FAULT_TEXTS, invalidField as invalid } from "./fault-errors.ts";
import type { Fault } from "./fault-schemas.ts";
import { CONTROLS_PREFIX } from "./prefix.ts";

/** What POST /__sandbox/faults takes. */
export type FaultSpec = Pick<Fault, "service" | "route"> &
  Partial<
    Pick<Fault, "status" | "rate" | "delay" | "times" | "dropStream" | "contentType" | "headers" | "truncate">
  > & {
    /** A string is sent as given; any other JSON value as JSON. */
    body?: unknown;
  };

/** A request as faults see it: which server, the method (HEAD as GET) and the path without the query. */
export interface RequestLine {
  service: ServiceName;
  method: string;
  path: string;
}

/** A checked fault, ready to match requests. */
export interface FaultRule {
  fields: Omit<Fault, "id" | "fired">;
  /** The route's method (`*`: any) and path; `exactPath` when it has no `*`. */
  method: string;
  path: string;
  exactPath: boolean;
  matches(request: RequestLine): boolean;
  /** The wait before the fault acts, picked anew each time; 0 without a delay. */
  delayMs(): number;
}

export const FAULT_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
/** Longer waits would outlast any client's timeout (and a timer's range). */
const MAX_DELAY_MS = 10 * 60_000;

/** Checks a POST /__sandbox/faults body; a 400 naming the field otherwise. */
export function parseFault(body: Record<string, unknown>): FaultRule {
  const service = body.service;
  if (!isOneOf(SERVICE_NAMES, service)) invalid("service", FAULT_TEXTS.service, { services: SERVICE_NAMES.join(", ") });
  const { method, path } = parseRoute(body.route);
  const status = optional(
    body,
    "status",
    (value): value is number => typeof value === "number" && Number.isInteger(value) && value >= 400 && value <= 599,
    FAULT_TEXTS.status,
  );
  const rate =
    optional(
      body,
      "rate",
      (value): value is number => typeof value === "number" && value >= 0 && value <= 1,
      FAULT_TEXTS.rate,
    ) ?? 1;
  const delay = optional(body, "delay", (value) => typeof value === "string", FAULT_TEXTS.delayType);
  const times = optional(
    body,
    "times",
    (value): value is number => typeof value === "number" && Number.isInteger(value) && value >= 1,
    FAULT_TEXTS.times,
  );
  const dropStream =
    optional(body, "dropStream", (value) => typeof value === "boolean", FAULT_TEXTS.dropStream) ?? false;
  if (dropStream && (status !== undefined || delay !== undefined)) invalid("dropStream", FAULT_TEXTS.dropWithAnswer);
  const answer = parseFaultAnswer(body, status);
  if (dropStream && answer.truncate !== undefined) invalid("truncate", FAULT_TEXTS.truncateStream);
  if (!dropStream && status === undefined && delay === undefined && answer.truncate === undefined) {
    invalid("status", FAULT_TEXTS.nothingToDo);
  }
  const range = delay === undefined ? undefined : parseDelay(delay);
  const route = `${method} ${path}`;
  const pattern = pathPattern(path);
  return {
    fields: { service, route, status, rate, delay, times, dropStream, ...answer },
    method,
    path,
    exactPath: !path.includes("*"),
    matches: (request) =>
      request.service === service && (method === "*" || method === request.method) && pattern.test(request.path),
    delayMs: () => (range ? range[0] + Math.random() * (range[1] - range[0]) : 0),
  };
}

function parseRoute(value: unknown): { method: string; path: string } {
  const match = typeof value === "string" ? /^\s*(\S+)\s+(\S+)\s*$/.exec(value) : null;
  const method = match?.[1]?.toUpperCase() ?? "";
  const path = match?.[2] ?? "";
  if (!match || (method !== "*" && !isOneOf(FAULT_METHODS, method)) || !/^\/[^?#]*$/.test(path)) {
    invalid("route", FAULT_TEXTS.route, { methods: FAULT_METHODS.join(", "), value: JSON.stringify(value) });
  }
  if (`${path}/`.startsWith(CONTROLS_PREFIX)) invalid("route", FAULT_TEXTS.controlsRoute, { prefix: CONTROLS_PREFIX });
  return { method, path };
}

/** "2s" or "100ms-2s" as [min, max] milliseconds. */
function parseDelay(text: string): readonly [number, number] {
  const parts = text.split("-").map((part) => parseDuration(part));
  const [low, high] = [parts[0] ?? null, parts[parts.length - 1] ?? null];
  if (parts.length > 2 || low === null || high === null || high < low || high > MAX_DELAY_MS) {
    invalid("delay", FAULT_TEXTS.delay, { value: JSON.stringify(text) });
  }
  return [low, high];
}

function optional<T>(
  body: Record<string, unknown>,
  field: string,
  valid: (value: unknown) => value is T,
  text: ErrorText,
): T | undefined {
  const value = Object.hasOwn(body, field) ? body[field] : undefined;
  if (value === undefined) return undefined;
  if (!valid(value)) invalid(field, text, { value: JSON.stringify(value) });
  return value;
}

/** A path where * stands for any characters ("/api/cart/*"), as a fault's route (or a scenario's call) writes it. */
export function pathPattern(path: string): RegExp {
  return new RegExp(`^${path.split("*").map(escapeRegExp).join(".*")}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
