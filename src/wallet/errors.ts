import { errorTexts, errorThrower, exitTexts, type Fail } from "../errors.ts";
import { FIXTURE_ERRORS } from "../fixtures.ts";
import { HTTP_ERRORS } from "../http/errors.ts";

/** The wallet's own error codes (the generic ones are in http/errors.ts, the auth ones in auth/errors.ts). */
export const WALLET_ERRORS = {
  transaction_not_found: 404,
  /** An OAuth client registration whose name another client has (names are unique, whatever their case). */
  client_name_taken: 409,
} as const;

export const failWallet: Fail<typeof WALLET_ERRORS> = errorThrower(WALLET_ERRORS);

/** The wallet routes' texts: an unknown transaction, and the transaction window's own checks. */
export const WALLET_TEXTS = errorTexts(
  { ...HTTP_ERRORS, ...WALLET_ERRORS },
  {
    transactionNotFound: ["transaction_not_found", 'No transaction "{id}" in this wallet'],
    periodAndRange: ["validation_error", "Use either period or from/to, not both"],
    fromAfterTo: ["validation_error", '"from" ({from}) is after "to" ({to})'],
    notADate: [
      "validation_error",
      '"{field}" must be an ISO 8601 date (2026-11-01) or date-time (2026-11-01T09:30:00Z); got "{value}"',
    ],
  },
);

/** What stops the wallet's seed: its fixtures do not agree. */
export const WALLET_SEED_TEXTS = exitTexts(FIXTURE_ERRORS, {
  noWallet: [
    "fixture_invalid",
    "fixtures/wallet/transactions.json: transaction {id} is of user {userId}, who has no wallet: add one to fixtures/wallet/wallets.json, or correct the transaction",
  ],
});
