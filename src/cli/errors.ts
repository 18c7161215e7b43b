import { AGENT_ERRORS } from "../agent/errors.ts";
import { exitTexts, SandboxError, stackOf } from "../errors.ts";
import type { Cli } from "./io.ts";

/**
 * The commands' own failures, found by their own checks before or after they reach a server. The
 * number is the exit code of the command a failure ends: 2 for a usage error (the command cannot
 * run as invoked), 130 for an interrupt (Ctrl-C), 126/127 for a command exec cannot run, 1 otherwise. (A setting's bad value is the config's `config_invalid`.)
 */
export const CLI_ERRORS = {
  /** A flag or argument of the command's own has a value it cannot use. */
  flag_invalid: 2,
  /** Flags that do not go together, or one given without the others it needs. */
  flags_conflict: 2,
  /** --user names no demo user. */
  user_not_found: 2,
  /** `agent call` names an action the actions folder does not define. */
  action_not_found: 2,
  /** `agent ask` without a question. */
  question_missing: 2,
  /** The terminal UI run without a terminal. */
  terminal_required: 2,
  /** The parameters of `agent call` do not make a request of the action (the agent's own code for it). */
  action_input: 1,
  /** A sandbox runs on the data dir already (the code a start on a locked data dir fails with too). */
  data_dir_locked: 1,
  /** `start --detach`: the sandbox ended during its start, or did not get ready in time. */
  start_failed: 1,
  /** `start --detach`: Ctrl-C (or SIGTERM) before the sandbox was ready; the shell's code for an interrupt. */
  start_interrupted: 130,
  /** `stop`: the sandbox is another user's. */
  stop_refused: 1,
  /** `stop`: the sandbox did not exit in time. */
  stop_timeout: 1,
  /** `mcp --http` could not listen (the code a busy port of a start fails with too). */
  listen_failed: 1,
  /** `journal --scenario`: nothing in the journal is left to replay. */
  nothing_to_record: 1,
  /** A file the command reads is not there or not readable. */
  read_failed: 1,
  /** A file or folder the command writes cannot be written. */
  write_failed: 1,
  /** `import`: the document is not JSON. */
  document_invalid: 1,
  /** `logs`: the data dir has no log. */
  log_missing: 1,
  /** `init`: a file it would write exists already (without --force). */
  file_exists: 1,
  /** `exec`: the command is not in PATH, or its path names no file; a shell's code for it. */
  command_not_found: 127,
  /** `exec`: the command is a folder, or a file this user may not execute; a shell's code for it. */
  command_not_executable: 126,
} as const;

/** What the commands say, word for word; the agent's codes are reused for the same failures (no sandbox, a server it does not run or that does not answer). */
export const CLI_TEXTS = exitTexts(
  { ...AGENT_ERRORS, ...CLI_ERRORS },
  {
    httpPort: [
      "flag_invalid",
      '--http takes a port from 0 to 65535 that browsers and fetch() may call (not 6000, 10080 and the like); got "{given}"',
    ],
    baseUrlFlag: ["flag_invalid", '{flag} must be an http(s) URL such as http://127.0.0.1:8084, not "{value}".'],
    httpUrlFlag: ["flag_invalid", '{flag} must be an http(s) URL, not "{value}".'],
    checkAreas: ["flag_invalid", '--only takes a comma-separated list of {areas}; got "{only}"'],
    checkServerUrl: [
      "flag_invalid",
      '--{service} takes the server\'s base URL, such as http://127.0.0.1:8084; got "{value}"',
    ],
    redirectUri: ["flag_invalid", '--redirect-uri takes an absolute URI registered for the client; got "{value}"'],
    timeZone: ["flag_invalid", '--time-zone takes an IANA time zone such as Africa/Lagos; got "{value}"'],
    param: ["flag_invalid", '--param takes name=value; got "{pair}"'],
    resetOnly: ["flag_invalid", "--only must be {services}; got {value}"],
    openapiService: ["flag_invalid", "--service must be one of {services}; got {value}"],
    session: ["flag_invalid", "--session needs a session id (such as --session preview-1), or leave it out."],
    registerUnknownUser: [
      "flags_conflict",
      "--register signs a demo user in as the app would: {id} is no demo user's id, so there is no one to sign in. Leave out --register (or --allow-unknown-user).",
    ],
    registerAnonymous: [
      "flags_conflict",
      "--register and --no-identity do not go together: a chat without an identity acts for no one, so it uses no agent session.",
    ],
    pair: ["flags_conflict", "{flags} go together: give both, or neither"],
    checkClient: [
      "flags_conflict",
      "--client-id, --client-secret and --redirect-uri go together: give all three, or none",
    ],
    jsonWithoutDetach: [
      "flags_conflict",
      "--json goes with --detach: the sandbox in the foreground prints its banner.",
    ],
    harWithFollow: [
      "flags_conflict",
      "--har writes one HAR document: it does not go with --follow (for a live feed, use --json --follow).",
    ],
    clearNarrowed: [
      "flags_conflict",
      "--clear empties the whole journal: {flags} would not narrow it. Run npx sandbox journal --clear alone, or add --follow to watch it from empty.",
    ],
    journalFormats: ["flags_conflict", "{flags} do not go together: the journal prints one format at a time."],
    nothingToRecord: [
      "nothing_to_record",
      "The journal holds no request to record (logins, agent sessions, event streams and the servers' own calls are left out): make the requests first, or widen the filters.",
    ],
    cannotWriteResults: [
      "flag_invalid",
      "--junit: cannot write {path}: {reason}. Nothing ran: choose a path in a folder you may write to.",
    ],
    scenarioWithFollow: [
      "flags_conflict",
      "--scenario writes one scenario of what the journal holds: it does not go with --follow.",
    ],
    uiWithDetach: [
      "flags_conflict",
      "--ui and --detach do not go together: open the UI on a detached sandbox with npx sandbox ui.",
    ],
    mcpUser: ["user_not_found", "--user: {reason}"],
    noAction: ["action_not_found", 'No action "{name}": see npx sandbox agent actions'],
    noQuestion: [
      "question_missing",
      'The question is missing: put it in quotes, as in sandbox agent ask "How much did I spend this month?" --user ada@example.com',
    ],
    needsTerminal: [
      "terminal_required",
      "{command} needs a terminal (stdin and stdout a TTY); for scripts, every screen has a plain command: see npx sandbox --help.",
    ],
    actionInput: [
      "action_input",
      "{reason} (nothing was sent): npx sandbox agent actions lists each action's parameters; give them with --param name=value",
    ],
    uiNoSandbox: [
      "sandbox_not_running",
      "No sandbox runs on {dataDir}: start one with npx sandbox start (or start --ui), point --data-dir at its data dir, or name the servers with --storefront-url, --wallet-url and --host-url.",
    ],
    noWallet: [
      "service_not_running",
      "The sandbox running on {dataDir} (pid {pid}) has no wallet: start it with the wallet, or stop it first.",
    ],
    serverSilent: [
      "sandbox_unreachable",
      "The {label} at {url} does not answer ({reason}). Start it (npx sandbox start --detach starts a sandbox), or correct --{service}.",
    ],
    startInterrupted: [
      "start_interrupted",
      "{reason} before the sandbox was ready: the sandbox it was starting (pid {pid}) was stopped too. Nothing runs in the background; the log is {log}.",
    ],
    alreadyRunning: [
      "data_dir_locked",
      "A sandbox already runs on {dataDir} (pid {pid}): npx sandbox stop --data-dir {dataDir} stops it.",
    ],
    startFailed: ["start_failed", "{reason}. The end of its log ({log}):\n{tail}"],
    otherUser: ["stop_refused", "The sandbox on {dataDir} (pid {pid}) belongs to another user: stop it as that user."],
    notStopped: [
      "stop_timeout",
      "The sandbox (pid {pid}) did not stop within {seconds} s: npx sandbox logs --data-dir {dataDir} shows what it is doing; kill -9 {pid} ends it at once (answered writes are safe on disk).",
    ],
    mcpPortBusy: [
      "listen_failed",
      "Port {port} is already in use: choose another with --http <port> (0 picks a free one)",
    ],
    mcpCannotListen: [
      "listen_failed",
      "Cannot listen on 127.0.0.1:{port} ({reason}): choose another port with --http <port> (0 picks a free one)",
    ],
    cannotRead: [
      "read_failed",
      "Cannot read {path}: {reason}. Give the path of a document written by npx sandbox export, or - to read it from stdin.",
    ],
    cannotReadBody: [
      "read_failed",
      "Cannot read {path}: {reason}. Give the path of the file the fault answers with (--body-file).",
    ],
    headerFlag: ["flag_invalid", "--header takes 'Name: value', such as 'Retry-After: 30'; got {value}"],
    bodyTwice: ["flags_conflict", "--body and --body-file do not go together: give the body one way"],
    headerTwice: ["flags_conflict", "--header {name} is given twice: give each header once"],
    cannotWrite: ["write_failed", "Cannot write {path}: {reason}. Choose a path in a folder you may write to."],
    initExists: [
      "file_exists",
      "{files} {exist} already: nothing was written. Run init again with --force to replace {them}, or move {them} aside.",
    ],
    cannotWriteJunit: [
      "write_failed",
      "Cannot write the JUnit file {path}: {reason}. Choose a path in a folder you may write to with --junit <file>.",
    ],
    notJson: ["document_invalid", "{path} is not JSON ({reason}): give a document written by sandbox export"],
    commandNotFound: [
      "command_not_found",
      "Cannot run {command}: no such command in PATH, nor file (no sandbox was started). Check its name, or give its path.",
    ],
    commandNotExecutable: [
      "command_not_executable",
      "Cannot run {command}: it is a folder or not executable (no sandbox was started). Make it executable (chmod +x), or run it through its interpreter: sandbox exec -- node script.js.",
    ],
    noLog: ["log_missing", "No log yet: {path} is written by npx sandbox start --detach."],
  },
);

/** Errors a user can fix (a SandboxError marked expected) get one line; anything else is a bug and keeps its stack. A SandboxError ends the command with its exit code, anything else with 1. */
export function reportError(error: unknown, cli: Cli): void {
  const expected = error instanceof SandboxError && error.expected;
  cli.io.stderr.write(`${expected ? `Error: ${error.message}` : `Unexpected error: ${stackOf(error)}`}\n`);
  cli.exitCode = error instanceof SandboxError ? error.exitCode : 1;
}
