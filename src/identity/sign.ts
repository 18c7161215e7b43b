import { hs256Key, signHs256 } from "../hs256.ts";
import {
  checkExtraClaims,
  DEFAULT_IDENTITY_MAX_LIFETIME_SECONDS,
  DEFAULT_IDENTITY_TTL_SECONDS,
  IDENTITY_ISSUER,
  type IdentityClaims,
} from "./claims.ts";
import { IdentityError } from "./errors.ts";
import { formatSpan } from "./time-span.ts";

export interface SignIdentityOptions {
  /** The SIGNING_SECRET (config.signingSecret). */
  secret: string;
  /** The user id, as `sub`. Which ids are acceptable is the caller's choice (see resolveEndUser). */
  subject: string;
  /** Lifetime in whole seconds; default 600 (10 minutes), or the longest allowed when that is shorter. */
  ttlSeconds?: number;
  /** The longest lifetime allowed, in seconds (the identityMaxLifetime setting, which verifiers apply too); default a day. */
  maxLifetimeSeconds?: number;
  /** Extra claims; sub, iat, exp and iss are refused. */
  claims?: Record<string, unknown>;
  /** The time of signing; default now. */
  now?: Date;
}

export interface SignedIdentity {
  token: string;
  /** The sandbox's signer always sets iat and iss. */
  claims: IdentityClaims & { iat: number; iss: string };
}

/** Signs an embed identity token as the host backend does: HS256, iss sandbox-host, sub, iat and a short exp (never past the longest lifetime allowed). */
export async function signIdentity(options: SignIdentityOptions): Promise<SignedIdentity> {
  const max = options.maxLifetimeSeconds ?? DEFAULT_IDENTITY_MAX_LIFETIME_SECONDS;
  const ttl = options.ttlSeconds ?? Math.min(DEFAULT_IDENTITY_TTL_SECONDS, Math.floor(max));
  if (!Number.isInteger(ttl) || ttl <= 0)
    throw new IdentityError(`The lifetime of an identity token must be a whole number of seconds above 0; got ${ttl}.`);
  // A token this sandbox would refuse is no use to sign.
  if (ttl > max)
    throw new IdentityError(
      `An identity token may live at most ${formatSpan(max)} (identityMaxLifetime: --identity-max-lifetime, IDENTITY_MAX_LIFETIME); got ${formatSpan(ttl)}.`,
    );
  if (options.subject === "") throw new IdentityError("An identity token needs a user id (sub).");
  const extra = options.claims ?? {};
  checkExtraClaims(extra);
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const claims: SignedIdentity["claims"] = {
    sub: options.subject,
    iss: IDENTITY_ISSUER,
    iat,
    exp: iat + ttl,
    ...extra,
  };
  const token = await signHs256(claims, hs256Key(options.secret));
  return { token, claims };
}
