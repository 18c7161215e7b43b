import type { H3 } from "h3";
import { AUTHORIZE_PATH, GRANT_TYPES, METADATA_PATH, TOKEN_PATH } from "../../contracts/wallet/oauth.ts";
import { OAUTH_METADATA } from "../../contracts/wallet/oauth-routes.ts";
import { SCOPES } from "../../contracts/wallet/scopes.ts";

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
    { meta: OAUTH_METADATA },
  );
}
