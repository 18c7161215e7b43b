import { errorThrower, type Fail } from "../errors.ts";

/** The wallet's own error codes (the generic ones are in http/errors.ts, the auth ones in auth/errors.ts). */
export const WALLET_ERRORS = {
  transaction_not_found: 404,
  /** An OAuth client registration whose name another client has (names are unique, whatever their case). */
  client_name_taken: 409,
} as const;

export const failWallet: Fail<typeof WALLET_ERRORS> = errorThrower(WALLET_ERRORS);
