import { STATUS_CODES } from "node:http";
import { HTTP_TEXTS } from "../contracts/http-errors.ts";
import type { ErrorShape, RouteContract } from "../contracts/route-contract.ts";
import { ERROR_BODY, type ErrorText, fillText } from "../errors.ts";
import { fieldTexts } from "../http/field-check.ts";
import { MAX_BODY_BYTES, sizeText } from "../http/json-body.ts";
import type { JsonSchema } from "../json-schema.ts";

export type ErrorResponse = {
  description: string;
  content: Record<string, { schema: JsonSchema; examples: Record<string, unknown> }>;
};

/** The sandbox's usual error body. */
const USUAL_SHAPE: ErrorShape = {
  schema: ERROR_BODY,
  answer: ({ code, status, message }) => ({ status, body: { error: message, code } }),
};

/**
 * Every error a route answers, by status, each text an example: those of its guard, of reading
 * its body, of its field checks (made from its schemas by the same rules that answer them), its
 * own, and 500. In the route's error shape (RFC 6749's on the token endpoint).
 */
export function errorResponses(contract: RouteContract): Record<string, ErrorResponse> {
  return responsesOf(routeTexts(contract), contract.errorShape);
}

/** The Response Objects of these texts, by status, in the error shape given (the usual one without). */
export function responsesOf(
  texts: readonly ErrorText[],
  shape: ErrorShape = USUAL_SHAPE,
): Record<string, ErrorResponse> {
  const byStatus = new Map<number, { codes: Set<string>; examples: Record<string, unknown> }>();
  for (const text of texts) {
    const { status, body } = shape.answer({ code: text.code, status: text.status, message: text.text });
    const entry = byStatus.get(status) ?? { codes: new Set(), examples: {} };
    byStatus.set(status, entry);
    entry.codes.add(String(body.code ?? body.error));
    let name = text.name;
    for (let n = 2; Object.hasOwn(entry.examples, name); n++) name = `${text.name}${n}`;
    entry.examples[name] = { summary: text.code, value: body };
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, { codes, examples }]) => [
        String(status),
        {
          description: `${STATUS_CODES[status] ?? "Error"}: ${[...codes].map((code) => `\`${code}\``).join(", ")}`,
          content: { "application/json": { schema: shape.schema, examples } },
        },
      ]),
  );
}

/** The route's error texts, each once, in the order: guard, body, query, its own, 500. */
function routeTexts(contract: RouteContract): ErrorText[] {
  const texts = [
    ...(contract.auth?.errors ?? []),
    ...bodyTexts(contract),
    ...queryTexts(contract),
    ...(contract.errors ?? []),
    HTTP_TEXTS.internal,
  ];
  return texts.filter(
    (text, index) => texts.findIndex((other) => other.code === text.code && other.text === text.text) === index,
  );
}

/** What reading the body answers: its type, size and JSON (for a JSON body), then each field's check. */
function bodyTexts({ body, checksOwnInput }: RouteContract): ErrorText[] {
  if (!body) return [];
  const size = {
    ...HTTP_TEXTS.bodyTooLarge,
    text: fillText(HTTP_TEXTS.bodyTooLarge.text, { size: sizeText(body.maxBytes ?? MAX_BODY_BYTES) }),
  };
  if (body.mediaType === "application/x-www-form-urlencoded") return [size, HTTP_TEXTS.bodyCut];
  const reading = [HTTP_TEXTS.notJsonType, size, HTTP_TEXTS.bodyCut, HTTP_TEXTS.notJson, HTTP_TEXTS.notObject];
  if (checksOwnInput) return reading;
  const required = (body.schema.required ?? []) as readonly string[];
  const fields = Object.entries((body.schema.properties ?? {}) as Record<string, JsonSchema>);
  return [...reading, ...fields.flatMap(([name, schema]) => fieldTexts("body", name, schema, required.includes(name)))];
}

function queryTexts({ query, checksOwnInput }: RouteContract): ErrorText[] {
  if (!query || checksOwnInput) return [];
  return Object.entries(query).flatMap(([name, parameter]) =>
    fieldTexts("query", name, parameter.schema, parameter.required ?? false),
  );
}
