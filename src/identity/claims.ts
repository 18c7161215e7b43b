import { isOneOf } from "../choices.ts";
import { ISSUERS } from "../jwt-issuers.ts";
import { IdentityError } from "./errors.ts";

/** The `iss` of every embed identity token: the host backend signs them. */
export const IDENTITY_ISSUER = ISSUERS.host;

/** Default lifetime of an identity token: 10 minutes, since the embed URL carrying it is built just before it is opened. */
export const DEFAULT_IDENTITY_TTL_SECONDS = 600;

/**
 * The longest lifetime of an identity token the sandbox accepts (and signs) unless the
 * identityMaxLifetime setting says otherwise: a day, as the login JWTs live. A token meant to live
 * minutes that lives years is as good as one that never expires, to whoever copies it.
 */
export const DEFAULT_IDENTITY_MAX_LIFETIME_SECONDS = 86_400;

/** Claims the signer sets from the user, the time and the TTL; extra claims never override them. */
export const RESERVED_CLAIMS = ["sub", "iat", "exp", "iss"] as const;

/** The claims of an identity token: the reserved ones, and whatever extra claims were added. */
export interface IdentityClaims {
  [claim: string]: unknown;
  sub: string;
  exp: number;
  /** Set by the sandbox's signer; optional in tokens of other signers, as the spec's tokens need only sub and exp. */
  iat?: number;
  iss?: string;
}

/** Refuses extra claims that would override sub, iat, exp or iss. */
export function checkExtraClaims(claims: Record<string, unknown>): void {
  const reserved = Object.keys(claims).filter((key) => isOneOf(RESERVED_CLAIMS, key));
  if (reserved.length > 0) {
    throw new IdentityError(
      `The claim ${reserved.map((key) => `"${key}"`).join(", ")} cannot be set: ${RESERVED_CLAIMS.join(", ")} come from the user, the time and the TTL.`,
    );
  }
}

/**
 * Parses `key=value` pairs (the CLI's repeatable --claim) into claims. A value that is valid JSON
 * is taken as JSON (5, true, null, "x", {"a":1}); anything else is a string. Keys are unique.
 */
export function parseClaimPairs(pairs: readonly string[]): Record<string, unknown> {
  const claims = new Map<string, unknown>();
  for (const pair of pairs) {
    const separator = pair.indexOf("=");
    const key = separator === -1 ? "" : pair.slice(0, separator).trim();
    if (key === "")
      throw new IdentityError(`--claim takes key=value (such as --claim role=admin); got ${JSON.stringify(pair)}.`);
    if (claims.has(key)) throw new IdentityError(`--claim ${key} is given twice; give each claim once.`);
    claims.set(key, jsonOrText(pair.slice(separator + 1)));
  }
  // fromEntries makes own properties even of keys such as __proto__.
  const result = Object.fromEntries(claims);
  checkExtraClaims(result);
  return result;
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
