import type { ServiceName } from "./service-names.ts";

/** The `iss` of the tokens each server signs: login JWTs (storefront, wallet) and embed identity tokens (host). */
export const ISSUERS = {
  storefront: "sandbox-storefront",
  wallet: "sandbox-wallet",
  host: "sandbox-host",
} as const satisfies Partial<Record<ServiceName, string>>;
