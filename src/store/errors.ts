/** The data file exists but cannot be used: the start stops and names the file. */
export class DataFileError extends Error {
  override name = "DataFileError";
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(
      `Cannot load ${file}: ${reason}. The file was left as it is: fix or restore it, ` +
        `or start with --fresh to replace it with the seed data.`,
    );
  }
}

/** The disk refused a write: the change was not applied, and the request is answered 503. */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
  constructor(
    readonly file: string,
    override readonly cause: unknown,
  ) {
    super(`Could not save to ${file}: ${(cause as Error)?.message ?? String(cause)}`);
  }
}
