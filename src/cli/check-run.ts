import { mkdir } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { AREAS } from "../check/areas/index.ts";
import { AREA_NAMES, type AreaName } from "../check/check.ts";
import { startOwnSandbox } from "../check/own-sandbox.ts";
import { jsonReport } from "../check/report/json.ts";
import { junitXml } from "../check/report/junit.ts";
import { summaryLine } from "../check/report/summary.ts";
import { textObserver } from "../check/report/text.ts";
import { RunContext } from "../check/run-context.ts";
import { type RunObserver, type RunResult, runChecks } from "../check/runner.ts";
import type { CheckTarget } from "../check/target.ts";
import { isOneOf } from "../choices.ts";
import { loadConfig, type SandboxConfig } from "../config/load.ts";
import type { OptionKey } from "../config/options.ts";
import { failWith, messageOf } from "../errors.ts";
import { SERVICE_NAMES, type ServiceName, type ServiceUrls } from "../service-names.ts";
import { silentRun, silentServers } from "./check-preflight.ts";
import { CLI_TEXTS } from "./errors.ts";
import type { Cli } from "./io.ts";
import { reserveResultsFile } from "./results-file.ts";
import { parseUrls } from "./server-urls.ts";

export interface CheckRequest {
  /** The servers given by URL; none: a sandbox of the checker's own. */
  urls: Partial<Record<ServiceName, string>>;
  /** The check's settings given as flags, by their key in the options table. */
  settings: Partial<Record<OptionKey, unknown>>;
  configFile?: string;
  only?: string;
  readOnly: boolean;
  actionsDir: string;
  junit?: string;
  json: boolean;
}

/** `sandbox check`: runs the areas against the servers given (or a sandbox of its own), reports, and exits 1 when a check failed. */
export async function runCheck(cli: Cli, request: CheckRequest): Promise<void> {
  const { io } = cli;
  const areas = parseAreas(request.only);
  const urls = parseUrls(request.urls);
  // A setting that cannot be used (flag, environment or file) is a usage error: the run cannot start as invoked.
  const config = await loadConfig({
    flags: request.settings,
    configFile: request.configFile,
    env: io.env,
    cwd: io.cwd,
  });
  const credentials = credentialsOf(config);
  const out = request.json ? io.stderr : io.stdout;
  const say = (text: string) => (request.json ? undefined : out.write(`${text}\n`));
  const own = Object.keys(urls).length === 0;
  if (own) say("Starting a sandbox for the checks (free ports, a temporary data dir)…");
  else {
    // A server that does not answer stops the run in one line; the reports say so too, for a CI step that publishes them.
    const startedAt = new Date();
    const silent = await silentServers(urls, config.checkTimeout);
    if (silent.length > 0) {
      await report(cli, request, silentRun(silent), { urls, own, startedAt });
      failWith(CLI_TEXTS.serverSilent, { values: silent[0]!.values, expected: true });
    }
  }
  const sandbox = own
    ? await startOwnSandbox(config.walletPrefix, (message) => io.stderr.write(`${message}\n`))
    : undefined;
  try {
    const target: CheckTarget = sandbox?.target ?? {
      urls,
      walletPrefix: config.walletPrefix,
      ...credentials,
      own: false,
    };
    say(heading(target, request.readOnly));
    const run = new RunContext({
      target,
      readOnly: request.readOnly,
      timeoutMs: config.checkTimeout,
      actionsDir: request.actionsDir,
    });
    const startedAt = new Date();
    // With --json the lines go to a terminal's stderr only: the output is for a program.
    const observer: RunObserver =
      request.json && !(io.stderr as { isTTY?: boolean }).isTTY
        ? { areaStart() {}, checkStart() {}, checkDone() {} }
        : textObserver(out);
    const result = await runChecks(
      AREAS.filter((area) => areas.includes(area.name)),
      run,
      observer,
    );
    await report(cli, request, result, { urls: target.urls, own, startedAt });
    say(`\n${summaryLine(result.results, result.ms)}${request.junit ? `; JUnit XML in ${request.junit}` : ""}`);
    cli.exitCode = result.results.some((check) => check.status === "fail") ? 1 : 0;
  } finally {
    await sandbox?.close();
  }
}

/** The reports asked for: the JUnit file (--junit) and the JSON on stdout (--json). */
async function report(
  cli: Cli,
  request: CheckRequest,
  result: RunResult,
  target: { urls: ServiceUrls; own: boolean; startedAt: Date },
): Promise<void> {
  if (request.junit)
    await writeJunit(resolve(cli.io.cwd, request.junit), junitXml(result, target.urls, target.startedAt));
  if (request.json) cli.print(jsonReport(result, { urls: target.urls, own: target.own, readOnly: request.readOnly }));
}

function parseAreas(only: string | undefined): AreaName[] {
  if (only === undefined) return [...AREA_NAMES];
  const names = only
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isOneOf(AREA_NAMES, name));
  if (names.length === 0 || unknown.length > 0)
    failWith(CLI_TEXTS.checkAreas, { values: { areas: AREA_NAMES.join(", "), only }, expected: true });
  return AREA_NAMES.filter((name) => names.includes(name));
}

/** The accounts, service token and OAuth client the settings give; a half-given one (an account without its password) is a usage error. */
function credentialsOf(
  config: SandboxConfig,
): Pick<CheckTarget, "user" | "secondUser" | "serviceToken" | "oauthClient"> {
  const pair = (email: string, password: string, flags: string) => {
    if (Boolean(email) !== Boolean(password)) failWith(CLI_TEXTS.pair, { values: { flags }, expected: true });
    return email ? { email, password } : undefined;
  };
  const { checkClientId: id, checkClientSecret: secret, checkRedirectUri: redirectUri } = config;
  if ((id || secret || redirectUri) && !(id && secret && redirectUri))
    failWith(CLI_TEXTS.checkClient, { expected: true });
  if (redirectUri && !URL.canParse(redirectUri))
    failWith(CLI_TEXTS.redirectUri, { values: { value: redirectUri }, expected: true });
  return {
    user: pair(config.checkUser, config.checkPassword, "--user and --password"),
    secondUser: pair(config.checkSecondUser, config.checkSecondPassword, "--second-user and --second-password"),
    serviceToken: config.checkServiceToken || undefined,
    oauthClient: id ? { id, secret, redirectUri } : undefined,
  };
}

function heading(target: CheckTarget, readOnly: boolean): string {
  const servers = SERVICE_NAMES.map(
    (service) => `  ${service.padEnd(10)} ${target.urls[service] ?? "(not given: its checks are skipped)"}`,
  );
  return [
    target.own ? "Checking the sandbox started for this run:" : "Checking:",
    ...servers,
    ...(readOnly ? ["Read-only: only the checks that change nothing."] : []),
    "",
  ].join("\n");
}

async function writeJunit(path: string, xml: string): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    // Written beside the path and renamed over it, as `sandbox run` does: whole or not at all, and never through a symlink.
    const file = await reserveResultsFile(path);
    await file.write(xml).catch(async (error: unknown) => {
      await file.discard();
      throw error;
    });
  } catch (error) {
    failWith(CLI_TEXTS.cannotWriteJunit, { values: { path, reason: messageOf(error) }, expected: true });
  }
}
