import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from "../contracts/wallet/schemas.ts";
import type { FromSchema } from "../json-schema.ts";
import { arrayOf, integer, record, safeInteger, string } from "../store/shape.ts";
import { DEMO_USER } from "../users.ts";

// The records of wallet.json at the latest schema version, as the JSON Schema its data is checked
// with (shape.ts): each record's type is read from its schema, so the two cannot drift.

const WALLET = record({ userId: string, currency: string, openingBalanceCents: safeInteger(0) });
export type Wallet = FromSchema<typeof WALLET>;

/** Amounts are integer minor units (cents, kobo): sums are exact, shown with 2 decimals. */
const STORED_TRANSACTION = record({
  id: string,
  userId: string,
  type: { enum: [...TRANSACTION_TYPES] },
  // What the transaction trigger takes: a positive amount whose cents are a safe integer.
  amountCents: safeInteger(1),
  currency: string,
  status: { enum: [...TRANSACTION_STATUSES] },
  description: string,
  createdAt: string,
});
export type StoredTransaction = FromSchema<typeof STORED_TRANSACTION>;

/** A registered OAuth client. Only a hash of its secret is kept: the secret is shown once, when created. */
const OAUTH_CLIENT = record({
  id: string,
  name: string,
  secretHash: string,
  redirectUris: arrayOf(string),
  createdAt: string,
});
export type OAuthClient = FromSchema<typeof OAUTH_CLIENT>;

/** An issued refresh token (only its hash is kept). Rotation marks it used and issues the next of its family. */
const STORED_REFRESH_TOKEN = record(
  {
    hash: string,
    familyId: string,
    clientId: string,
    userId: string,
    scope: string,
    expiresAt: string,
    usedAt: string,
    revokedAt: string,
  },
  ["usedAt", "revokedAt"],
);
export type StoredRefreshToken = FromSchema<typeof STORED_REFRESH_TOKEN>;

export const WALLET_DATA = record({
  version: integer,
  users: arrayOf(DEMO_USER),
  wallets: arrayOf(WALLET),
  transactions: arrayOf(STORED_TRANSACTION),
  oauthClients: arrayOf(OAUTH_CLIENT),
  refreshTokens: arrayOf(STORED_REFRESH_TOKEN),
});
export type WalletData = FromSchema<typeof WALLET_DATA>;
