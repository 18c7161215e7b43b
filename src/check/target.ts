import type { ServiceUrls } from "../service-names.ts";

export interface Account {
  email: string;
  password: string;
}

export interface OAuthClientCredentials {
  id: string;
  secret: string;
  /** One of its registered redirect URIs; the checks read the redirect, nothing is sent there. */
  redirectUri: string;
}

/** What is checked, and what the checks may sign in with; what is missing leaves the checks that need it skipped. */
export interface CheckTarget {
  urls: ServiceUrls;
  /** The wallet's route prefix (balance, transactions). */
  walletPrefix: string;
  user?: Account;
  /** Another account: one user must never see the other's data. */
  secondUser?: Account;
  serviceToken?: string;
  oauthClient?: OAuthClientCredentials;
  /** A sandbox the checker started for this run (and stops after it). */
  own: boolean;
}
