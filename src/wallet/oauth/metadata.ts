import type { H3 } from "h3";
import { defineRoute, json } from "../../contracts/route-contract.ts";
import { AUTHORIZE_PATH, METADATA_PATH, OAUTH_TAG, TOKEN_PATH } from "../../contracts/wallet/oauth.ts";
import { SCOPES } from "../../contracts/wallet/scopes.ts";
import { GRANT_TYPES } from "./oauth-response.ts";

const LIST = { type: "array", items: { type: "string" } } as const;

const METADATA = defineRoute({
  description: "OAuth 2.0 authorization server metadata (RFC 8414)",
  details:
    "RFC 8414: where the authorization and token endpoints are, and what they support. The issuer is the origin the client asked at (127.0.0.1, localhost or a LAN address alike), since clients check that it is the URL they discovered it from; the endpoints are on it.",
  operationId: "getAuthorizationServerMetadata",
  tag: OAUTH_TAG,
  responses: {
    200: json("The endpoints and what they support; URLs on the origin the client asked", {
      title: "AuthorizationServerMetadata",
      type: "object",
      required: [
        "issuer",
        "authorization_endpoint",
        "token_endpoint",
        "response_types_supported",
        "response_modes_supported",
        "grant_types_supported",
        "code_challenge_methods_supported",
        "token_endpoint_auth_methods_supported",
        "scopes_supported",
      ],
      properties: {
        issuer: { type: "string", description: "The origin the client used", examples: ["http://127.0.0.1:8083"] },
        authorization_endpoint: { type: "string" },
        token_endpoint: { type: "string" },
        response_types_supported: LIST,
        response_modes_supported: LIST,
        grant_types_supported: LIST,
        code_challenge_methods_supported: LIST,
        token_endpoint_auth_methods_supported: LIST,
        scopes_supported: LIST,
      },
    }),
  },
});

/**
 * RFC 8414 metadata. The issuer is the origin the client used (127.0.0.1, localhost or a LAN
 * address all work), since clients check that it equals the URL they discovered it from.
 */
export function addMetadataRoute(app: H3): void {
  app.get(
    METADATA_PATH,
    (event) => {
      const issuer = event.url.origin;
      return {
        issuer,
        authorization_endpoint: `${issuer}${AUTHORIZE_PATH}`,
        token_endpoint: `${issuer}${TOKEN_PATH}`,
        response_types_supported: ["code"],
        response_modes_supported: ["query"],
        grant_types_supported: [...GRANT_TYPES],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
        scopes_supported: Object.keys(SCOPES),
      };
    },
    { meta: METADATA },
  );
}
