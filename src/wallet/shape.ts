import { arrayOf, integer, record, shapeCheck, string } from "../store/shape.ts";
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from "./schemas.ts";

const user = record({ id: string, name: string, email: string, password: string });
const wallet = record({ userId: string, currency: string, openingBalanceCents: integer });
const transaction = record({
  id: string,
  userId: string,
  type: { enum: [...TRANSACTION_TYPES] },
  amountCents: { type: "integer", minimum: 1 },
  currency: string,
  status: { enum: [...TRANSACTION_STATUSES] },
  description: string,
  createdAt: string,
});
const client = record({
  id: string,
  name: string,
  secretHash: string,
  redirectUris: arrayOf(string),
  createdAt: string,
});
const refreshToken = record(
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

/** The shape of wallet.json at the latest schema version. */
export const checkWalletShape = shapeCheck(
  record({
    version: integer,
    users: arrayOf(user),
    wallets: arrayOf(wallet),
    transactions: arrayOf(transaction),
    oauthClients: arrayOf(client),
    refreshTokens: arrayOf(refreshToken),
  }),
);
