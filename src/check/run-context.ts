import { messageOf } from "../errors.ts";
import type { ServiceName } from "../service-names.ts";
import { expectBody } from "./expect.ts";
import { Http, noAnswer } from "./http.ts";
import { CheckFailure } from "./outcome.ts";
import type { Account, CheckTarget } from "./target.ts";

export interface RunSettings {
  target: CheckTarget;
  /** Only the checks that change nothing. */
  readOnly: boolean;
  /** How long one check may take. */
  timeoutMs: number;
  /** The folder of action definitions the actions area calls. */
  actionsDir: string;
}

export interface SignedIn {
  token: string;
  userId: string;
  email: string;
}

/**
 * What the checks of one run share: the target and the values several of them need (a sign-in,
 * the catalog), each fetched once. A value that could not be had stays a failure for every check
 * that asks for it, with the same reason.
 */
export class RunContext {
  readonly #values = new Map<string, Promise<unknown>>();

  constructor(readonly settings: RunSettings) {}

  get target(): CheckTarget {
    return this.settings.target;
  }

  /** The server's base URL; the checks' needs make sure it was given. */
  url(service: ServiceName): string {
    const url = this.target.urls[service];
    if (!url) throw new CheckFailure(`no ${service} URL`);
    return url;
  }

  /** A wallet route under the wallet's prefix. */
  walletUrl(path: string): string {
    return `${this.url("wallet")}${this.target.walletPrefix}${path}`;
  }

  account(who: "user" | "secondUser"): Account {
    const account = this.target[who];
    if (!account) throw new CheckFailure(`no ${who === "user" ? "account" : "second account"} given`);
    return account;
  }

  /** The value made once for this run; requests made for it get the time of one check. */
  once<T>(key: string, make: (http: Http) => Promise<T>): Promise<T> {
    if (!this.#values.has(key)) {
      // A value's requests get the time of one check, and a timeout says what hung, as a check's does.
      const controller = new AbortController();
      const http = new Http(controller.signal);
      const timer = setTimeout(
        () => controller.abort(noAnswer(this.settings.timeoutMs, http)),
        this.settings.timeoutMs,
      );
      const made = make(http).finally(() => clearTimeout(timer));
      made.catch(() => {});
      this.#values.set(key, made);
    }
    return this.#values.get(key) as Promise<T>;
  }

  /** POST /api/auth/login on the storefront or the wallet, once per account. */
  signIn(service: "storefront" | "wallet", who: "user" | "secondUser" = "user"): Promise<SignedIn> {
    const account = this.account(who);
    return this.once(`sign-in ${service} ${account.email}`, async (http) => {
      const answer = await http.send("POST", `${this.url(service)}/api/auth/login`, {
        headers: { accept: "application/json" },
        body: account,
      });
      try {
        const body = expectBody(answer, {
          token: "string",
          user: { id: "string" },
        });
        return { token: body.token, userId: body.user.id, email: account.email };
      } catch (error) {
        throw new CheckFailure(`could not sign in to the ${service} as ${account.email}: ${messageOf(error)}`);
      }
    });
  }
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
