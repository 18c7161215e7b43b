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
  /** `taken` while one redemption is under way; `used` once it ended, whatever its outcome, except a refused write. */
  state: "fresh" | "taken" | "used";
  /** The refresh-token family issued from it, revoked if the code comes back. */
  familyId?: string;
}

/** One redemption under way: it ends by using the code up, or, when the grant could not be saved, by giving it back. */
interface Redemption {
  grant: CodeGrant;
  /** The code is spent; `familyId` names the refresh tokens issued from it, if any were. */
  spend(familyId?: string): void;
  /** Nothing was issued (the write was refused): the code works again until it expires. */
  giveBack(): void;
}

type RedeemResult = { redemption: Redemption } | { busy: true } | { reused: { familyId?: string } } | null;

export const CODE_LIFETIME_MS = 10 * 60 * 1000;

/**
 * Authorization codes: random, single-use, 10 minutes. Kept in memory (a restart ends the
 * sign-ins in flight, as codes are meant to live seconds). Taking a code is synchronous, so of
 * many parallel redemptions of one code exactly one gets it; the others are refused while it
 * is under way, and after it as used.
 */
export class CodeStore {
  private readonly codes = new Map<string, CodeRecord>();

  constructor(private readonly clock: Clock) {}

  issue(grant: CodeGrant): string {
    this.sweep();
    const code = randomBytes(32).toString("base64url");
    this.codes.set(digest(code), {
      ...grant,
      expiresAt: this.clock.now().getTime() + CODE_LIFETIME_MS,
      state: "fresh",
    });
    return code;
  }

  /**
   * Takes the code for one redemption. `reused` means it had been used before: the caller
   * refuses it and revokes what was issued from it (RFC 6749 §4.1.2); `busy` that another
   * redemption of it is under way.
   */
  redeem(code: string): RedeemResult {
    const record = this.codes.get(digest(code));
    if (!record || record.expiresAt <= this.clock.now().getTime()) return null;
    if (record.state === "used") return { reused: { familyId: record.familyId } };
    if (record.state === "taken") return { busy: true };
    record.state = "taken";
    return {
      redemption: {
        grant: record,
        spend: (familyId) => Object.assign(record, { state: "used", familyId }),
        giveBack: () => {
          record.state = "fresh";
        },
      },
    };
  }

  /** Forgets every code (a sandbox reset): sign-ins in flight must start again. */
  clear(): void {
    this.codes.clear();
  }

  private sweep(): void {
    const now = this.clock.now().getTime();
    for (const [key, record] of this.codes) if (record.expiresAt <= now) this.codes.delete(key);
  }
}
