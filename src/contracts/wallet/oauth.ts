import type { SecurityScheme } from "../route-contract.ts";
import { SCOPES, WALLET_SCOPE } from "./scopes.ts";

export const AUTHORIZE_PATH = "/oauth/authorize";
export const TOKEN_PATH = "/oauth/token";
export const METADATA_PATH = "/.well-known/oauth-authorization-server";

/** The grants the token endpoint takes: its metadata lists them, its refusal of another names them. */
export const GRANT_TYPES = ["authorization_code", "refresh_token"] as const;

export const OAUTH_TAG = {
  name: "OAuth",
  description:
    "OAuth 2.0 for the wallet: the sign-in page, the token endpoint (RFC 6749, PKCE S256) and the server's metadata (RFC 8414).",
};

/** The wallet's OAuth 2.0: the authorization code flow, whose access token the wallet routes take as a bearer token. */
export const WALLET_OAUTH: SecurityScheme = {
  name: "walletOAuth",
  scopes: [WALLET_SCOPE],
  scheme: (serverUrl) => ({
    type: "oauth2",
    description: `The authorization code flow (PKCE with S256 when the client sends a challenge); the access token is a wallet JWT, sent as Authorization: Bearer. The server's metadata: ${METADATA_PATH}`,
    flows: {
      authorizationCode: {
        authorizationUrl: `${serverUrl}${AUTHORIZE_PATH}`,
        tokenUrl: `${serverUrl}${TOKEN_PATH}`,
        refreshUrl: `${serverUrl}${TOKEN_PATH}`,
        scopes: SCOPES,
      },
    },
  }),
};
