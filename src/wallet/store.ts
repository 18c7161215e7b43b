import type { Clock } from "../clock.ts";
import { WALLET_SEED_TEXTS } from "../contracts/wallet/errors.ts";
import { failWith } from "../errors.ts";
import { readFixture } from "../fixtures.ts";
import type { FileIO } from "../store/file-io.ts";
import type { Migration } from "../store/migrations.ts";
import { openStore, type Store } from "../store/store.ts";
import type { DemoUser } from "../users.ts";
import type { OAuthClient, StoredTransaction, Wallet, WalletData } from "./model.ts";
import { type ClientFixture, loadDefaultClients, registeredClient } from "./oauth/clients.ts";
import { checkWalletShape } from "./shape.ts";

export type WalletStore = Store<WalletData>;

export const WALLET_FILE = "wallet.json";

/** The default clients (fixtures/), registered now: a new file's, and an older file's when its migration adds clients. */
function registeredDefaults(defaultClients: readonly ClientFixture[], clock: Clock): OAuthClient[] {
  return defaultClients.map((client) => registeredClient(client, clock.now().toISOString()));
}

function migrations(defaultClients: readonly ClientFixture[], clock: Clock): Migration[] {
  return [
    {
      version: 1,
      description: "create the users, wallets and transactions collections",
      up: (data) => ({ ...data, users: [], wallets: [], transactions: [] }),
    },
    {
      version: 2,
      description: "add OAuth clients (with the default one) and refresh tokens",
      up: (data) => ({
        ...data,
        oauthClients: registeredDefaults(defaultClients, clock),
        refreshTokens: [],
      }),
    },
  ];
}

export interface TransactionFixture extends Omit<StoredTransaction, "currency" | "createdAt"> {
  /** When, counted back from the moment the data is seeded, so every period has transactions. */
  daysAgo: number;
}

export async function openWalletStore(options: {
  file: string;
  users: DemoUser[];
  clock: Clock;
  io?: FileIO;
}): Promise<WalletStore> {
  const { wallets } = await readFixture<{ wallets: Wallet[] }>("wallet/wallets.json");
  const { transactions } = await readFixture<{ transactions: TransactionFixture[] }>("wallet/transactions.json");
  const defaultClients = await loadDefaultClients();
  return openStore<WalletData>({
    file: options.file,
    migrations: migrations(defaultClients, options.clock),
    checkShape: checkWalletShape,
    io: options.io,
    seed: (version) => {
      const seededAt = options.clock.now().getTime();
      return {
        version,
        users: options.users,
        wallets,
        transactions: transactions.map((transaction) => seedTransaction(transaction, wallets, seededAt)),
        oauthClients: registeredDefaults(defaultClients, options.clock),
        refreshTokens: [],
      };
    },
  });
}

/** A seed transaction in its user's currency, dated back from the moment the data is seeded; one of a user without a wallet stops the seed. */
export function seedTransaction(
  { daysAgo, ...transaction }: TransactionFixture,
  wallets: readonly Wallet[],
  seededAt: number,
): StoredTransaction {
  const wallet =
    wallets.find((candidate) => candidate.userId === transaction.userId) ??
    failWith(WALLET_SEED_TEXTS.noWallet, {
      values: { id: transaction.id, userId: transaction.userId },
      expected: true,
    });
  return {
    ...transaction,
    currency: wallet.currency,
    createdAt: new Date(seededAt - Math.round(daysAgo * 86_400_000)).toISOString(),
  };
}
