import { errorTexts, errorThrower, exitTexts, type Fail } from "../../errors.ts";
import { FIXTURE_ERRORS } from "../../fixtures.ts";
import { HTTP_ERRORS } from "../http-errors.ts";

/** The wallet's own error codes (the generic ones are in ../http-errors.ts, the auth ones in ../auth-errors.ts). */
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
  },
);

/** The codes of the wallet's sandbox triggers, which every server answers (a control sent to any server acts on all). */
export const WALLET_TRIGGER_ERRORS = {
  transaction_not_found: 404,
  user_not_found: 404,
  /** A Completed or Failed transaction asked to take the other status: only a Pending one settles. */
  transaction_settled: 409,
} as const;

export const WALLET_TRIGGER_TEXTS = errorTexts(
  { ...HTTP_ERRORS, ...WALLET_TRIGGER_ERRORS },
  {
    typeOfOtherDirection: [
      "validation_error",
      '"type" {type} is {typeDirection}, not {direction}: {direction} types are {types}',
    ],
    amount: [
      "validation_error",
      '"amount" must be a positive number in major units with at most 2 decimals (such as 12.50)',
    ],

    userNotFound: ["user_not_found", 'No wallet user has the id or email "{given}" (npx sandbox users lists them)'],
    transactionNotFound: ["transaction_not_found", 'No transaction "{id}" in the wallet'],
    transactionSettled: [
      "transaction_settled",
      "Transaction {id} is {previousStatus} already: only a Pending transaction settles",
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
