import type { Method, RouteContract } from "../contracts/route-contract.ts";
import { ERROR_BODY, type ErrorBody } from "../errors.ts";
import type { FromSchema } from "../json-schema.ts";
import { parseJson } from "../json-text.ts";
import type { ServiceName } from "../service-names.ts";
import { checkAnswer } from "./answer.ts";

/** A contract a client may call: it says its method. */
export type CallableContract = RouteContract & { readonly method: Method };

/** What `call` sends besides the contract: where, as whom, and the body the contract types. */
export interface CallInput<C> {
  service: ServiceName;
  /** The path on that server, query included (the wallet's routes carry its prefix). */
  path: string;
  /** Sent as `Authorization: Bearer …`. */
  token?: string;
  headers?: Record<string, string>;
  /** Sent as JSON: the body as the contract's schema types it (its required fields required, the rest optional). */
  body?: C extends { readonly body: { readonly schema: infer S } } ? FromSchema<S> : never;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The JSON bodies of a contract's answers other than errors, typed from their schemas. */
export type AnswerOf<C> = C extends { readonly responses: infer R }
  ? {
      [K in keyof R]: R[K] extends { readonly content: { readonly "application/json": infer S } }
        ? FromSchema<S>
        : never;
    }[keyof R]
  : never;

/**
 * What a call got back, never thrown: the answer its contract describes, typed; one of its
 * documented errors, in the error shape the contract says; or an answer the contract does not
 * describe (an HTML page from a proxy, a fault's own body, a foreign deployment's surprise), with
 * what it was and where it departs from the contract.
 */
export type CallResult<C> =
  | { kind: "answer"; status: number; headers: Headers; body: AnswerOf<C> }
  | { kind: "error"; status: number; headers: Headers; body: ErrorBody }
  | { kind: "unexpected"; status: number; headers: Headers; text: string; mismatch: string };

/** Reads an answer by its contract: its success schema for its status, or the error shape for a 4xx or 5xx. */
export function readByContract<C extends CallableContract>(
  contract: C,
  status: number,
  headers: Headers,
  text: string,
): CallResult<C> {
  const body = parseJson(text);
  const unexpected = (mismatch: string): CallResult<C> => ({ kind: "unexpected", status, headers, text, mismatch });
  if (status >= 400) {
    const error = checkAnswer(body, ERROR_BODY);
    return error.ok
      ? { kind: "error", status, headers, body: error.value }
      : unexpected(`an error body ${error.mismatch}`);
  }
  const schema = contract.responses[status]?.content?.["application/json"];
  if (!schema) return unexpected(`the contract describes no ${status} answer in JSON`);
  if (body === undefined) return unexpected("the body is not JSON");
  const answer = checkAnswer(body, schema);
  // The schema is the contract's own answer for this status, which AnswerOf reads: the check narrows to it.
  return answer.ok
    ? { kind: "answer", status, headers, body: answer.value as AnswerOf<C> }
    : unexpected(answer.mismatch);
}
