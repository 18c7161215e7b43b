import { usersProblem } from "../auth/credentials.ts";
import { firstBadInstant, firstDuplicate, firstProblem, firstUnknown, pointer } from "../store/rules.ts";
import { type ShapeProblem, shapeCheck } from "../store/shape.ts";
import { type OAuthClient, type StoredTransaction, WALLET_DATA, type WalletData } from "./model.ts";
import { registrationProblem } from "./oauth/registry.ts";

/**
 * The rules of the routes that make the same records: users sign-in tells apart, one wallet per
 * known user, transactions of a user with a wallet and in its currency (as the trigger makes
 * them), clients as registration takes them, refresh tokens of known clients and users, and
 * dates the routes can read.
 */
function walletRules(data: WalletData): ShapeProblem | null {
  const users = new Set(data.users.map((one) => one.id));
  const currencies = new Map(data.wallets.map((one) => [one.userId, one.currency]));
  const clients = new Set(data.oauthClients.map((one) => one.id));
  return (
    usersProblem(data.users) ??
    firstUnknown(data.wallets, "/wallets", "userId", users, "the id of no user") ??
    firstDuplicate(data.wallets, "/wallets", "userId", "a user has one wallet") ??
    firstDuplicate(data.transactions, "/transactions", "id", "transaction ids are unique") ??
    firstUnknown(
      data.transactions,
      "/transactions",
      "userId",
      new Set(currencies.keys()),
      "the id of no user with a wallet",
    ) ??
    firstProblem(data.transactions, (one, index) => currencyProblem(one, index, currencies)) ??
    firstBadInstant(data.transactions, "/transactions", ["createdAt"]) ??
    clientsProblem(data.oauthClients) ??
    firstUnknown(data.refreshTokens, "/refreshTokens", "clientId", clients, "the id of no client") ??
    firstUnknown(data.refreshTokens, "/refreshTokens", "userId", users, "the id of no user") ??
    firstBadInstant(data.refreshTokens, "/refreshTokens", ["expiresAt", "usedAt", "revokedAt"])
  );
}

function currencyProblem(
  { currency, userId }: StoredTransaction,
  index: number,
  currencies: ReadonlyMap<string, string>,
): ShapeProblem | null {
  const walletCurrency = currencies.get(userId);
  return currency === walletCurrency
    ? null
    : {
        path: pointer("transactions", index, "currency"),
        message: `is ${JSON.stringify(currency)}, not the currency of the user's wallet (${walletCurrency})`,
      };
}

/** Clients as registration takes them (its own check, names unique whatever their case), with unique ids. */
function clientsProblem(clients: readonly OAuthClient[]): ShapeProblem | null {
  return (
    firstDuplicate(clients, "/oauthClients", "id", "client ids are unique") ??
    firstDuplicate(clients, "/oauthClients", "name", "client names are unique, whatever their case", (name) =>
      name.toLowerCase(),
    ) ??
    firstProblem(clients, ({ name, redirectUris }, index) => {
      const problem = registrationProblem(name, redirectUris);
      return (
        problem && {
          path: `${pointer("oauthClients", index)}${problem.at}`,
          message: `is refused by client registration: ${problem.message}`,
        }
      );
    }) ??
    firstBadInstant(clients, "/oauthClients", ["createdAt"])
  );
}

/** The shape of wallet.json at the latest schema version, and the rules between its records. */
export const checkWalletShape = shapeCheck(WALLET_DATA, walletRules);
