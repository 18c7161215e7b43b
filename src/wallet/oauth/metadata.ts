import type { H3 } from "h3";
import { SCOPES } from "./scopes.ts";
import { GRANT_TYPES } from "./token-route.ts";

/**
 * RFC 8414 metadata. The issuer is the origin the client used (127.0.0.1, localhost or a LAN
 * address all work), since clients check that it equals the URL they discovered it from.
 */
export function addMetadataRoute(app: H3): void {
  app.get("/.well-known/oauth-authorization-server", (event) => {
    const issuer = event.url.origin;
    return {
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: [...GRANT_TYPES],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
      scopes_supported: Object.keys(SCOPES),
    };
  }, { meta: { description: "OAuth 2.0 authorization server metadata (RFC 8414)" } });
}
