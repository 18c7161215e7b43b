/** Embed identity: the tokens the host backend signs for the chat embed, and the embed URL that carries them. */
export { DEFAULT_IDENTITY_TTL_SECONDS, IDENTITY_ISSUER, RESERVED_CLAIMS, parseClaimPairs, type IdentityClaims } from "./claims.ts";
export { EMBED_MODES, buildEmbedUrl, parseEmbedMode, resolveEmbedBase, type EmbedMode, type EmbedParams } from "./embed-url.ts";
export { resolveEndUser, type EndUser } from "./end-user.ts";
export { IdentityError } from "./errors.ts";
export { signIdentity, type SignIdentityOptions, type SignedIdentity } from "./sign.ts";
export { formatSpan, isoTime } from "./time-span.ts";
export { parseTtl } from "./ttl.ts";
export { verifyIdentity, type IdentityCheck, type InvalidCode, type VerifyIdentityOptions } from "./verify.ts";
