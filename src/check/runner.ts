import { messageOf } from "../errors.ts";
import type { Area, AreaName, Check, CheckResult, Need, ReportArea } from "./check.ts";
import { Http, noAnswer } from "./http.ts";
import { CheckFailure, CheckSkip } from "./outcome.ts";
import type { RunContext } from "./run-context.ts";

/** What the runner tells as it goes: a reporter draws progress with it. */
export interface RunObserver {
  areaStart(area: AreaName): void;
  checkStart(area: AreaName, check: Check): void;
  checkDone(result: CheckResult): void;
}

export interface RunResult {
  results: CheckResult[];
  /** The areas run, in order. */
  areas: ReportArea[];
  ms: number;
}

/** Why a check that needs this cannot run on a deployment: which flag gives it. */
const MISSING: Record<Need, string> = {
  storefront: "no storefront given (--storefront URL)",
  wallet: "no wallet given (--wallet URL)",
  host: "no host app given (--host URL)",
  user: "no account given (--user and --password)",
  secondUser: "no second account given (--second-user and --second-password)",
  serviceToken: "no service token given (--service-token)",
  oauthClient: "no OAuth client given (--client-id, --client-secret and --redirect-uri)",
};

/** Runs the areas in turn, each check after the one before (they share the deployment's state), and answers every result. */
export async function runChecks(areas: readonly Area[], run: RunContext, observer: RunObserver): Promise<RunResult> {
  const started = performance.now();
  const results: CheckResult[] = [];
  for (const area of areas) {
    const checks = await area.plan(run);
    observer.areaStart(area.name);
    for (const check of checks) {
      observer.checkStart(area.name, check);
      const result = { area: area.name, name: check.name, ...(await outcome(check, run)) };
      results.push(result);
      observer.checkDone(result);
    }
  }
  return { results, areas: areas.map((area) => area.name), ms: performance.now() - started };
}

async function outcome(check: Check, run: RunContext): Promise<Omit<CheckResult, "area" | "name">> {
  const missing = check.needs.find((need) => !has(run, need));
  if (missing) return { status: "skip", reason: MISSING[missing], ms: 0 };
  if (check.changes && run.settings.readOnly)
    return { status: "skip", reason: "it changes data: left out by --read-only", ms: 0 };
  const started = performance.now();
  const took = () => performance.now() - started;
  try {
    return { status: "ok", reason: await withinTime(check, run), ms: took() };
  } catch (error) {
    if (error instanceof CheckSkip) return { status: "skip", reason: error.message, ms: took() };
    const reason =
      error instanceof CheckFailure ? error.message : `unexpected error: ${messageOf(error) ?? String(error)}`;
    return { status: "fail", reason, ms: took() };
  }
}

function has(run: RunContext, need: Need): boolean {
  const { target } = run;
  return need === "storefront" || need === "wallet" || need === "host"
    ? Boolean(target.urls[need])
    : target[need] !== undefined;
}

/** Runs the check; when its time is up, its requests are aborted and it fails naming what it was waiting for. */
async function withinTime(check: Check, run: RunContext): Promise<string> {
  const controller = new AbortController();
  const http = new Http(controller.signal);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const failure = noAnswer(run.settings.timeoutMs, http);
      controller.abort(failure);
      reject(failure);
    }, run.settings.timeoutMs);
  });
  try {
    return await Promise.race([check.run({ http, run }), late]);
  } finally {
    clearTimeout(timer);
    // Ends whatever the check left open (an event stream it was reading).
    controller.abort(new CheckFailure("the check had ended"));
  }
}
