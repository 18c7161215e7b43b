import type { ServiceName } from "../service-names.ts";
import type { Http } from "./http.ts";
import type { RunContext } from "./run-context.ts";

/** The areas of the contract, in the order they run. */
export const AREA_NAMES = ["storefront", "sse", "bff", "wallet", "oauth", "actions"] as const;
export type AreaName = (typeof AREA_NAMES)[number];

/** Where the reports put a server given by URL that does not answer: no area runs then. */
export const SERVERS_AREA = "servers";

/** An area of the report: one of the contract's, or the servers' reachability. */
export type ReportArea = AreaName | typeof SERVERS_AREA;

/** What a check may need besides a server: what a deployment's settings give (the checker's own sandbox has all of it). */
export type Need = ServiceName | "user" | "secondUser" | "serviceToken" | "oauthClient";

export interface CheckContext {
  /** Requests of this check: they end when it times out. */
  http: Http;
  run: RunContext;
}

export interface Check {
  name: string;
  needs: readonly Need[];
  /** It writes on the deployment (a cart item, a session, a sign-in): --read-only leaves it out. */
  changes?: boolean;
  /** Answers what came back, for the line of a pass; throws CheckFailure or CheckSkip otherwise. */
  run(context: CheckContext): Promise<string>;
}

export interface Area {
  name: AreaName;
  /** The checks of this run (the actions area makes one per action definition). */
  plan(run: RunContext): Promise<Check[]>;
}

export type Status = "ok" | "fail" | "skip";

export interface CheckResult {
  area: ReportArea;
  name: string;
  status: Status;
  /** One line: what came back, what was expected instead, or why the check did not run. */
  reason: string;
  ms: number;
}
