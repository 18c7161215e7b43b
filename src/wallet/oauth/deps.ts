import type { JwtIssuer } from "../../auth/jwt.ts";
import type { Clock } from "../../clock.ts";
import type { OAuthClient } from "../model.ts";
import type { WalletStore } from "../store.ts";
import type { CodeStore } from "./codes.ts";
import type { FormTokens } from "./form-token.ts";

export interface OAuthDeps {
  store: WalletStore;
  jwt: JwtIssuer;
  clock: Clock;
  codes: CodeStore;
  formTokens: FormTokens;
}

export function clientFinder(store: WalletStore): (id: string) => OAuthClient | undefined {
  return (id) => store.data.oauthClients.find((client) => client.id === id);
}
