import { type Answer, describe, excerpt } from "./http.ts";
import { failCheck } from "./outcome.ts";

/**
 * A check of a value of its own: the problem with it, or undefined when it is fine. `T` says what
 * the values it passes are (a type only: nothing holds it at run time).
 */
export interface Check<T> {
  (value: unknown): string | undefined;
  readonly passes?: T;
}

/**
 * What a value must look like: a type name, an object of field shapes, [element shape] for a
 * array of such elements, or a check of its own.
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
  | Check<unknown>;

/** The type of the values a shape passes: what a body checked against it is read as. */
export type ShapeType<S> = S extends "string" | "uuid"
  ? string
  : S extends "number" | "integer"
    ? number
    : S extends "boolean"
      ? boolean
      : S extends "object"
        ? Record<string, unknown>
        : S extends Check<infer T>
          ? T
          : S extends readonly [infer E]
            ? ShapeType<E>[]
            : { -readonly [K in keyof S]: ShapeType<S[K]> };

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

export function expectShape<const S extends Shape>(
  value: unknown,
  shape: S,
  what = "the body",
): asserts value is ShapeType<S> {
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
    return JSON.parse(answer.text);
  } catch {
    return failCheck(`expected a JSON body, got ${excerpt(answer.text)}`);
  }
}

/** A JSON object answered with that status, its shape checked; typed as its shape says. */
export function expectBody<const S extends Shape>(answer: Answer, shape: S, status = 200): ShapeType<S> {
  const body = expectJson(answer, status);
  expectShape(body, shape);
  return body;
}

/** A member a shape cannot require, since an answer may leave it out: its value, or undefined when absent. */
export function optionalMember(body: object, name: string): unknown {
  return Object.hasOwn(body, name) ? Reflect.get(body, name) : undefined;
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
  const body = expectBody(answer, { error: "string", code: "string" }, status);
  if (body.code !== code || (text !== undefined && body.error !== text))
    failCheck(`expected ${wanted}, got ${answer.status} ${body.code} "${body.error}"`);
  return body;
}

/** RFC 6749's error shape, `{"error", "error_description"}`, as the token endpoint answers. */
export function expectOAuthError(answer: Answer, status: number, error: string): string {
  if (answer.status !== status) failCheck(`expected ${status} ${error}, got ${describe(answer)}`);
  const body = expectBody(answer, { error: "string" }, status);
  // error_description is optional (RFC 6749 §5.2).
  const said = optionalMember(body, "error_description");
  const description = typeof said === "string" ? said : undefined;
  if (body.error !== error)
    failCheck(`expected ${status} ${error}, got ${status} ${body.error} (${description ?? "no description"})`);
  return description ?? "";
}

/** A header that must be there; `pattern` tests its value. */
export function expectHeader(answer: Pick<Answer, "headers">, name: string, pattern: RegExp): string {
  const value = answer.headers.get(name);
  if (value === null || !pattern.test(value))
    failCheck(`expected a ${name} header matching ${pattern}, got ${value === null ? "none" : `"${value}"`}`);
  return value;
}
