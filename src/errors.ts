import type { FromSchema } from "./json-schema.ts";

/**
 * The one error type of the sandbox. Domain code throws it; the HTTP layer turns it into the
 * `{"error","code"}` body (the OAuth endpoints into RFC 6749's) and the CLI into one line.
 */
export interface SandboxErrorOptions {
  /** The HTTP status it answers a request with; none for a failure outside any request (a start, the CLI, the agent, the UI). */
  status?: number;
  /** The exit code of a command it ends: 2 for a usage error (the command cannot run as invoked), 1 (the default) otherwise. */
  exitCode?: number;
  /** The user's fault (bad input, a busy port, a broken file): reported in one line, no stack. Default: a status below 500. */
  expected?: boolean;
  /** An answer someone asked for (an injected fault's 5xx): no failure of the server's, so no server error is reported. */
  deliberate?: boolean;
  /** What to do about it, when the message alone does not say. */
  hint?: string;
  details?: unknown;
  /** Response headers that belong to the error, such as WWW-Authenticate. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** The body every route except the OAuth token endpoint answers an error with. */
export const ERROR_BODY = {
  title: "Error",
  type: "object",
  required: ["error", "code"],
  properties: {
    error: { type: "string", description: "What went wrong, in a sentence" },
    code: {
      type: "string",
      description: "Stable and snake_case: what scripts switch on",
      examples: ["validation_error"],
    },
    details: { description: "More about it, where there is more: for a field's error, the field" },
    hint: { type: "string", description: "What to do about it, when the message alone does not say" },
  },
} as const;

export type ErrorBody = FromSchema<typeof ERROR_BODY>;

export class SandboxError extends Error {
  override name = "SandboxError";
  readonly status?: number;
  readonly exitCode: number;
  readonly expected: boolean;
  readonly deliberate: boolean;
  readonly hint?: string;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;

  constructor(
    /** Stable and snake_case: scripts and tests switch on it. */
    readonly code: string,
    message: string,
    options: SandboxErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.exitCode = options.exitCode ?? 1;
    this.expected = options.expected ?? (this.status !== undefined && this.status < 500);
    this.deliberate = options.deliberate ?? false;
    this.hint = options.hint;
    this.details = options.details;
    this.headers = options.headers;
  }

  toBody(): ErrorBody {
    return { error: this.message, code: this.code, details: this.details, hint: this.hint };
  }
}

/** The status an error answers a request with: 500 for one without (a failure outside any request that reached one all the same). */
export function statusOf(error: SandboxError): number {
  return error.status ?? 500;
}

/** A table of error codes and the HTTP status each answers with; each layer and service keeps its own. */
export type ErrorCodes = Readonly<Record<string, number>>;

/**
 * A table of the codes of failures outside any request (a start, the CLI, the agent, the UI) and
 * the exit code of a command each ends: 2 for a usage error, 130 for one the user interrupted
 * (Ctrl-C, as a shell reports it), 126 and 127 for a command `sandbox exec` cannot run (a
 * shell's codes for them), 1 otherwise. They have no HTTP status.
 */
export type ExitCodes = Readonly<Record<string, 1 | 2 | 126 | 127 | 130>>;

export type FailOptions = Omit<SandboxErrorOptions, "status" | "exitCode">;

/** Throws the error of one of a table's codes. (Declare each with this type: TypeScript narrows after a `never` call only then.) */
export type Fail<T extends ErrorCodes> = (code: keyof T & string, message: string, options?: FailOptions) => never;

/** A `fail(code, message)` for one table of codes: the status comes from the table, so a code cannot be answered two ways. */
export function errorThrower<const T extends ErrorCodes>(codes: T): Fail<T> {
  return (code, message, options = {}) => {
    throw new SandboxError(code, message, { ...options, status: codes[code] });
  };
}

/** One text an error code answers with, word for word; `{name}` marks a part filled in when it is thrown. */
export interface ErrorText {
  /** Its name in its table: the example's name in the OpenAPI documents. */
  readonly name: string;
  readonly code: string;
  readonly status: number;
  readonly text: string;
}

/** One text of a failure outside any request, word for word: its code and the exit code of the command it ends. */
export interface ExitText {
  readonly name: string;
  readonly code: string;
  readonly exitCode: number;
  readonly text: string;
}

/** A table's texts as written: by name, each a code of the table `T` and its text. */
type Texts<T, N extends string> = { readonly [K in N]: readonly [code: keyof T & string, text: string] };

/** Each text, by name, as `make` shapes it with its code's number. */
function textsOf<N extends string, R>(
  texts: { readonly [K in N]: readonly [code: string, text: string] },
  make: (name: string, code: string, text: string) => R,
): { readonly [K in N]: R } {
  const entries = Object.entries<readonly [string, string]>(texts).map(([name, [code, text]]) => [
    name,
    make(name, code, text),
  ]);
  return Object.fromEntries(entries) as { [K in N]: R };
}

/**
 * The texts of a table's codes, by name. The throw sites take their messages from here and the
 * OpenAPI documents show them as examples, so that what a server answers is what its document says.
 */
export function errorTexts<const T extends ErrorCodes, const N extends string>(
  codes: T,
  texts: Texts<T, N>,
): { readonly [K in N]: ErrorText } {
  return textsOf(texts, (name, code, text) => ({ name, code, status: codes[code]!, text }));
}

/** The texts of a table of failures outside any request, by name, as `errorTexts` makes those of a request. */
export function exitTexts<const T extends ExitCodes, const N extends string>(
  codes: T,
  texts: Texts<T, N>,
): { readonly [K in N]: ExitText } {
  return textsOf(texts, (name, code, text) => ({ name, code, exitCode: codes[code]!, text }));
}

/** The text with its `{name}` parts replaced by the values given; parts without a value stay as they are. */
export function fillText(text: string, values: Readonly<Record<string, string | number>> = {}): string {
  return text.replace(/\{(\w+)\}/g, (part, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : part,
  );
}

export type TextOptions = FailOptions & { values?: Readonly<Record<string, string | number>> };

/** The error of one of the texts, with its status (or exit code) and its `{name}` parts filled in. */
export function errorOf(text: ErrorText | ExitText, options: TextOptions = {}): SandboxError {
  const { values, ...rest } = options;
  const ends = "status" in text ? { status: text.status } : { exitCode: text.exitCode };
  return new SandboxError(text.code, fillText(text.text, values), { ...rest, ...ends });
}

/** Throws the error of one of the texts. */
export function failWith(text: ErrorText | ExitText, options: TextOptions = {}): never {
  throw errorOf(text, options);
}

/** An error the user can fix outside any request (a flag, a file, a port): one line from the CLI, exit code 1 unless given. */
export function userError(
  code: string,
  message: string,
  options: Omit<SandboxErrorOptions, "status" | "expected"> = {},
): SandboxError {
  return new SandboxError(code, message, { ...options, expected: true });
}

/** What a caught error says: an Error's message, or the thing thrown as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a bug report shows of a thrown value: an error's stack (its name and message when it has none), anything else as text. */
export function stackOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
}

/** The code of a failed system call (ENOENT, EEXIST, EPERM…): what a caught error says it was, when it says. */
export function errnoCode(error: unknown): string | undefined {
  return error instanceof Error && "code" in error && typeof error.code === "string" ? error.code : undefined;
}
