/** Embed identity: the tokens the host backend signs for the chat embed, and the embed URL that carries them. */
export {
  DEFAULT_IDENTITY_MAX_LIFETIME_SECONDS,
  DEFAULT_IDENTITY_TTL_SECONDS,
  IDENTITY_ISSUER,
  type IdentityClaims,
  parseClaimPairs,
  RESERVED_CLAIMS,
} from "./claims.ts";
export { buildEmbedUrl, type EmbedParams, parseEmbedMode, resolveEmbedBase } from "./embed-url.ts";
export { type EndUser, resolveEndUser } from "./end-user.ts";
export { IdentityError } from "./errors.ts";
export { type SignedIdentity, type SignIdentityOptions, signIdentity } from "./sign.ts";
export { formatSpan, isoTime } from "./time-span.ts";
export { parseTtl } from "./ttl.ts";
export { type IdentityCheck, type InvalidCode, type VerifyIdentityOptions, verifyIdentity } from "./verify.ts";
