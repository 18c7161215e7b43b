import { type Answer, describe, excerpt } from "./http.ts";
import { failCheck } from "./outcome.ts";

/**
 * What a value must look like: a type name, an object of field shapes, [element shape] for a
 * array of such elements, or a function answering the problem (undefined when it is fine).
 */
export type Shape =
  | "string"
  | "number"
  | "integer"
  | "boolean"
  | "uuid"
  | "object"
  | { readonly [field: string]: Shape }
  | readonly [Shape]
  | ((value: unknown) => string | undefined);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The first way the value differs from the shape, with the path to it; undefined when it matches. */
export function shapeProblem(value: unknown, shape: Shape, at: string): string | undefined {
  if (typeof shape === "function") {
    const problem = shape(value);
    return problem === undefined ? undefined : `${at}: ${problem}`;
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return `${at}: expected an array, got ${shown(value)}`;
    for (const [index, element] of value.entries()) {
      const problem = shapeProblem(element, shape[0] as Shape, `${at}[${index}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  if (typeof shape === "object") {
    if (value === null || typeof value !== "object" || Array.isArray(value))
      return `${at}: expected an object, got ${shown(value)}`;
    for (const [field, fieldShape] of Object.entries(shape)) {
      if (!Object.hasOwn(value, field)) return `${at}.${field} is missing`;
      const problem = shapeProblem((value as Record<string, unknown>)[field], fieldShape, `${at}.${field}`);
      if (problem) return problem;
    }
    return undefined;
  }
  const fits = {
    string: typeof value === "string",
    number: typeof value === "number" && Number.isFinite(value),
    integer: Number.isInteger(value),
    boolean: typeof value === "boolean",
    uuid: typeof value === "string" && UUID.test(value),
    object: value !== null && typeof value === "object" && !Array.isArray(value),
  }[shape];
  return fits
    ? undefined
    : `${at}: expected ${shape === "integer" || shape === "object" ? `an ${shape}` : `a ${shape === "uuid" ? "UUID" : shape}`}, got ${shown(value)}`;
}

export function expectShape(value: unknown, shape: Shape, what = "the body"): void {
  const problem = shapeProblem(value, shape, what);
  if (problem) failCheck(problem);
}

/** A value as a reason quotes it: JSON, cut short. */
export function shown(value: unknown): string {
  return value === undefined ? "nothing" : excerpt(JSON.stringify(value), 80);
}

export function expectStatus(answer: Answer, status: number): void {
  if (answer.status !== status) failCheck(`expected ${status}, got ${describe(answer)}`);
}

/** The answer's status, a JSON content type, and its body parsed. */
export function expectJson(answer: Answer, status = 200): unknown {
  expectStatus(answer, status);
  const type = answer.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type))
    failCheck(`expected Content-Type application/json, got ${type || "none"} (${describe(answer)})`);
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    return failCheck(`expected a JSON body, got ${excerpt(answer.text)}`);
  }
}

/** A JSON object answered with that status, its shape checked; typed as the caller says. */
export function expectBody<T>(answer: Answer, shape: Shape, status = 200): T {
  const body = expectJson(answer, status);
  expectShape(body, shape);
  return body as T;
}

/** The error of every route but the OAuth token endpoint: the status, `{"error", "code"}` as JSON, and the exact text where the contract fixes one. */
export function expectError(
  answer: Answer,
  status: number,
  code: string,
  text?: string,
): { error: string; code: string } {
  const wanted = `${status} ${code}${text ? ` "${text}"` : ""}`;
  if (answer.status !== status) failCheck(`expected ${wanted}, got ${describe(answer)}`);
  const body = expectBody<{ error: string; code: string }>(answer, { error: "string", code: "string" }, status);
  if (body.code !== code || (text !== undefined && body.error !== text))
    failCheck(`expected ${wanted}, got ${answer.status} ${body.code} "${body.error}"`);
  return body;
}

/** RFC 6749's error shape, `{"error", "error_description"}`, as the token endpoint answers. */
export function expectOAuthError(answer: Answer, status: number, error: string): string {
  if (answer.status !== status) failCheck(`expected ${status} ${error}, got ${describe(answer)}`);
  const body = expectBody<{ error: string; error_description?: string }>(answer, { error: "string" }, status);
  if (body.error !== error)
    failCheck(
      `expected ${status} ${error}, got ${status} ${body.error} (${body.error_description ?? "no description"})`,
    );
  return body.error_description ?? "";
}

/** A header that must be there; `pattern` tests its value. */
export function expectHeader(answer: Pick<Answer, "headers">, name: string, pattern: RegExp): string {
  const value = answer.headers.get(name);
  if (value === null || !pattern.test(value))
    failCheck(`expected a ${name} header matching ${pattern}, got ${value === null ? "none" : `"${value}"`}`);
  return value;
}
