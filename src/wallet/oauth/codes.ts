import { randomBytes } from "node:crypto";
import { digest } from "../../auth/secrets.ts";
import type { Clock } from "../../clock.ts";

/** What an authorization code stands for, and what it is bound to. */
export interface CodeGrant {
  clientId: string;
  redirectUri: string;
  redirectUriGiven: boolean;
  userId: string;
  scope: string;
  codeChallenge?: string;
}

interface CodeRecord extends CodeGrant {
  expiresAt: number;
  /** Set on first redemption, whatever its outcome: a code is never good twice. */
  redeemed: boolean;
  /** The refresh-token family issued from it, revoked if the code comes back. */
  familyId?: string;
}

export const CODE_LIFETIME_MS = 10 * 60 * 1000;

/**
 * Authorization codes: random, single-use, 10 minutes. Kept in memory (a restart ends the
 * sign-ins in flight, as codes are meant to live seconds). Redemption is synchronous, so of
 * many parallel redemptions of one code exactly one gets it.
 */
export class CodeStore {
  private readonly codes = new Map<string, CodeRecord>();

  constructor(private readonly clock: Clock) {}

  issue(grant: CodeGrant): string {
    this.sweep();
    const code = randomBytes(32).toString("base64url");
    this.codes.set(digest(code), { ...grant, expiresAt: this.clock.now().getTime() + CODE_LIFETIME_MS, redeemed: false });
    return code;
  }

  /**
   * Takes the code for one redemption. `reused` means it had been redeemed before: the caller
   * refuses it and revokes what was issued from it (RFC 6749 §4.1.2).
   */
  redeem(code: string): { grant: CodeGrant; record: { familyId?: string } } | { reused: { familyId?: string } } | null {
    const record = this.codes.get(digest(code));
    if (!record || record.expiresAt <= this.clock.now().getTime()) return null;
    if (record.redeemed) return { reused: record };
    record.redeemed = true;
    return { grant: record, record };
  }

  private sweep(): void {
    const now = this.clock.now().getTime();
    for (const [key, record] of this.codes) if (record.expiresAt <= now) this.codes.delete(key);
  }
}
