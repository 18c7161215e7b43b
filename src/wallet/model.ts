import type { TransactionStatus, TransactionType } from "../contracts/wallet/schemas.ts";
import type { DemoUser } from "../users.ts";
import type { OAuthClient } from "./oauth/clients.ts";

export interface Wallet {
  userId: string;
  currency: string;
  openingBalanceCents: number;
}

/** Amounts are integer minor units (cents, kobo): sums are exact, shown with 2 decimals. */
export interface StoredTransaction {
  id: string;
  userId: string;
  type: TransactionType;
  amountCents: number;
  currency: string;
  status: TransactionStatus;
  description: string;
  createdAt: string;
}

/** An issued refresh token (only its hash is kept). Rotation marks it used and issues the next of its family. */
export interface StoredRefreshToken {
  hash: string;
  familyId: string;
  clientId: string;
  userId: string;
  scope: string;
  expiresAt: string;
  usedAt?: string;
  revokedAt?: string;
}

export interface WalletData {
  version: number;
  users: DemoUser[];
  wallets: Wallet[];
  transactions: StoredTransaction[];
  oauthClients: OAuthClient[];
  refreshTokens: StoredRefreshToken[];
}
