/** The one scope of the wallet; also the default when a request names none. */
export const WALLET_SCOPE = "wallet:read";
export const SCOPES: Record<string, string> = {
  [WALLET_SCOPE]: "see your wallet balance and transactions",
};
