import { type ErrorText, errorTexts, failWith } from "../../errors.ts";
import { HTTP_ERRORS } from "../http-errors.ts";

/** The fault controls' codes, on every server. An injected fault answers with the status it names; 503 is the usual one. */
export const FAULT_ERRORS = {
  injected_fault: 503,
  fault_not_found: 404,
} as const;

/** What a fault says when it fires, and what the fault controls answer, word for word. */
export const FAULT_TEXTS = errorTexts(
  { ...HTTP_ERRORS, ...FAULT_ERRORS },
  {
    injected: ["injected_fault", "Injected fault {id}: {route} on the {service} answers {status} (a sandbox fault)"],
    notFound: ["fault_not_found", 'No fault "{id}": the faults in place are listed by GET {path}'],
    service: ["validation_error", '"service" must be one of {services}'],
    route: [
      "validation_error",
      '"route" must be a method ({methods} or *) and a path, such as "POST /api/cart/items" or "GET /api/*"; got {value}',
    ],
    controlsRoute: ["validation_error", "Faults never touch the sandbox's own controls under {prefix}"],
    status: ["validation_error", '"status" must be an integer from 400 to 599; got {value}'],
    rate: ["validation_error", '"rate" must be a number from 0 to 1; got {value}'],
    delayType: ["validation_error", '"delay" must be a duration ("2s") or a range ("100ms-2s"); got {value}'],
    delay: [
      "validation_error",
      '"delay" must be a duration ("2s") or a range ("100ms-2s", low to high) of at most 10m; got {value}',
    ],
    times: ["validation_error", '"times" must be a whole number of at least 1; got {value}'],
    dropStream: ["validation_error", '"dropStream" must be true or false; got {value}'],
    dropWithAnswer: [
      "validation_error",
      "A fault that drops streams takes no status or delay: the stream opens, then is cut",
    ],
    nothingToDo: ["validation_error", "A fault needs a status, a delay, truncate or dropStream: what should it do?"],
    bodyTooLarge: [
      "validation_error",
      '"body" may be at most 64 KiB (65536 bytes as UTF-8); got {bytes} bytes. Cut it down, or answer a short page',
    ],
    contentType: [
      "validation_error",
      '"contentType" must be a media type such as "text/html" or "application/json; charset=utf-8"; got {value}',
    ],
    headers: [
      "validation_error",
      '"headers" must be an object of names and text values, such as {"Retry-After": "30"}; got {value}',
    ],
    tooManyHeaders: ["validation_error", '"headers" may name at most {max} headers'],
    headerName: [
      "validation_error",
      "Header name {name} is not one HTTP allows (letters, digits and !#$%&'*+-.^_`|~), or comes twice",
    ],
    headerValue: [
      "validation_error",
      "Header {name} must be text of at most 4096 characters without line breaks (CR, LF) or NUL; got {value}",
    ],
    hopByHop: [
      "validation_error",
      "Header {name} describes the connection, which the server writes itself for the body it sends: leave it out",
    ],
    contentTypeHeader: ["validation_error", 'Give the body\'s type as "contentType" (--content-type), not as a header'],
    answerWithoutStatus: [
      "validation_error",
      '"{field}" shapes the fault\'s answer: give the "status" it comes with (--status)',
    ],
    typeWithoutBody: ["validation_error", '"contentType" is the type of the fault\'s "body": give the body too'],
    truncate: ["validation_error", '"truncate" must be a whole number of bytes, 0 or more; got {value}'],
    truncateOwnError: [
      "validation_error",
      '"truncate" cuts the fault\'s own "body", or, without a "status", the route\'s answer: give a body, or leave out the status',
    ],
    truncateStream: ["validation_error", "A fault that drops streams cuts them already: it takes no truncate"],
    notRunning: ["validation_error", "The {service} does not run in this sandbox (it runs {running})"],
    noRoute: ["validation_error", "The {service} has no route at {path}"],
    otherMethods: ["validation_error", "The {service} answers {methods} at {path}, not {method}"],
  },
);

/** Refuses a fault's field: a 400 naming it in details.field. */
export function invalidField(field: string, text: ErrorText, values: Record<string, string> = {}): never {
  failWith(text, { values, details: { field } });
}
