import { errorThrower, type Fail } from "../errors.ts";

/** The host app's own codes: the wallet behind it did not answer as a wallet. */
export const HOST_ERRORS = {
  upstream_unavailable: 502,
} as const;

export const failHost: Fail<typeof HOST_ERRORS> = errorThrower(HOST_ERRORS);
