/**
 * The one error type of the sandbox. Domain code throws it; the HTTP layer turns it into the
 * `{"error","code"}` body (the OAuth endpoints into RFC 6749's) and the CLI into one line.
 */
export interface SandboxErrorOptions {
  /** The HTTP status it answers with; 500 when it has none (a failure outside a request). */
  status?: number;
  /** The user's fault (bad input, a busy port, a broken file): reported in one line, no stack. Default: status below 500. */
  expected?: boolean;
  /** What to do about it, when the message alone does not say. */
  hint?: string;
  details?: unknown;
  /** Response headers that belong to the error, such as WWW-Authenticate. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** The body every route except the OAuth endpoints answers an error with. */
export interface ErrorBody {
  error: string;
  code: string;
  details?: unknown;
  hint?: string;
}

export class SandboxError extends Error {
  override name = "SandboxError";
  readonly status: number;
  readonly expected: boolean;
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
    this.status = options.status ?? 500;
    this.expected = options.expected ?? this.status < 500;
    this.hint = options.hint;
    this.details = options.details;
    this.headers = options.headers;
  }

  toBody(): ErrorBody {
    return { error: this.message, code: this.code, details: this.details, hint: this.hint };
  }
}

/** A table of error codes and the status each answers with; each layer and service keeps its own. */
export type ErrorCodes = Readonly<Record<string, number>>;

export type FailOptions = Omit<SandboxErrorOptions, "status">;

/** Throws the error of one of a table's codes. (Declare each with this type: TypeScript narrows after a `never` call only then.) */
export type Fail<T extends ErrorCodes> = (code: keyof T & string, message: string, options?: FailOptions) => never;

/** A `fail(code, message)` for one table of codes: the status comes from the table, so a code cannot be answered two ways. */
export function errorThrower<const T extends ErrorCodes>(codes: T): Fail<T> {
  return (code, message, options = {}) => {
    throw new SandboxError(code, message, { ...options, status: codes[code] });
  };
}

/** An error the user can fix outside any request (a flag, a file, a port): one line from the CLI. */
export function userError(code: string, message: string, options: Omit<FailOptions, "expected"> = {}): SandboxError {
  return new SandboxError(code, message, { ...options, status: 400, expected: true });
}
