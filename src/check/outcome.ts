/** The contract does not hold: the message says what was expected and what came back. */
export class CheckFailure extends Error {
  override name = "CheckFailure";
}

/** The check cannot run here (no orders to filter by, no OpenAPI document): the message says why. */
export class CheckSkip extends Error {
  override name = "CheckSkip";
}

export function failCheck(message: string): never {
  throw new CheckFailure(message);
}

export function skipCheck(reason: string): never {
  throw new CheckSkip(reason);
}
