import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { type Ending, endOf, signalChild, stopChild } from "../child-process.ts";
import { registerCleanup } from "../exit-cleanup.ts";
import { isJsonObject, parseJson } from "../json-text.ts";
import { StepFailure, show } from "./values.ts";

/**
 * The agent under test (`sandbox run --agent <command>`), as the runner talks to it: one process
 * per scenario run, JSON lines over its stdin and stdout, one turn at a time (docs/agent-testing.md):
 *
 *   in:  {"type":"message","text":"Add two bags of garri to my cart"}
 *   out: {"type":"reply","text":"Done: 2 × Ijebu Garri are in your cart."}
 *
 * A line may hold other fields, which the other side ignores: that is how the protocol grows.
 * SANDBOX_AGENT_PROTOCOL tells the agent its version.
 */
export const AGENT_PROTOCOL = { variable: "SANDBOX_AGENT_PROTOCOL", version: "1" } as const;

/** The agent under test as `sandbox run` gets it: a command line, run by the shell, where and with what environment. */
export interface AgentCommand {
  command: string;
  cwd: string;
  env: Record<string, string | undefined>;
}

/** The longest line the agent may write: a reply is text for a person, not a data dump. */
const LONGEST_LINE_CHARS = 1024 * 1024;
/** How long the agent has to end once its stdin is closed, before SIGTERM; and after SIGTERM, before SIGKILL. */
const END_ON_EOF_MS = 1000;
/** How long the output of an agent that has ended may take to be read. */
const END_OUTPUT_MS = 200;
const STOP_GRACE_MS = 2000;
const SHAPE = 'a reply is one line of JSON, {"type":"reply","text":"…"}; logs go to stderr';

export class AgentProcess {
  readonly #child: ChildProcess;
  readonly #command: string;
  /** What the agent wrote that no turn has taken yet: complete lines, then the start of the next. */
  readonly #lines: string[] = [];
  #partial = "";
  /** Why no turn can be had any more (junk, a line too long, its end): said by the turn under way or the next. */
  #broken: string | undefined;
  /** Wakes the turn under way when a line comes or the agent breaks. */
  #wake: () => void = () => {};
  #stopping: Promise<void> | undefined;
  readonly #unregister: () => void;

  private constructor(command: AgentCommand, env: Record<string, string | undefined>) {
    this.#command = command.command;
    // Through the shell: --agent is a command line as a CI file writes it ("python3 agent.py --model x").
    // A process group of its own, so that stopping it stops what the shell started too.
    this.#child = spawn(shellLine(command.command), {
      shell: true,
      detached: true,
      cwd: command.cwd,
      env: { ...env, [AGENT_PROTOCOL.variable]: AGENT_PROTOCOL.version },
      stdio: ["pipe", "pipe", "inherit"],
    });
    // The runner ending at once (an uncaught error, process.exit) takes the agent with it.
    this.#unregister = registerCleanup({ onExit: () => signalChild(this.#child, "SIGKILL", true) });
    void endOf(this.#child).then(async (ending) => {
      // What it wrote before it ended is read first: its stdout may close after its exit.
      const out = this.#child.stdout;
      if (out && !out.readableEnded)
        await Promise.race([once(out, "close").catch(() => {}), sleep(END_OUTPUT_MS, undefined, { ref: false })]);
      if (this.#partial.trim() !== "") this.#lines.push(this.#partial);
      this.#partial = "";
      this.#break(endingLine(ending));
    });
    // A write to an agent that has gone fails with EPIPE: its end is what the turn says.
    this.#child.stdin?.on("error", () => {});
    this.#child.stdout?.setEncoding("utf8");
    this.#child.stdout?.on("data", (chunk: string) => this.#read(chunk));
  }

  /** Starts the agent's command; it is stopped by `stop`, or with the runner. */
  static start(command: AgentCommand, env: Record<string, string | undefined>): AgentProcess {
    return new AgentProcess(command, env);
  }

  /**
   * One turn: the user's message in, the agent's reply out. Fails in one line when the agent
   * ended, wrote what is not the protocol, or when `signal` aborts (the step's timeout): then the
   * agent is stopped, since a late reply would answer the next message.
   */
  async reply(text: string, signal: AbortSignal): Promise<string> {
    const early = this.#lines.find((line) => line.trim() !== "");
    if (early !== undefined)
      this.#break(`the agent wrote a line that answers no message: ${show(early)} (one reply to each message)`);
    if (this.#broken) throw new StepFailure(this.#broken);
    this.#child.stdin?.write(`${JSON.stringify({ type: "message", text })}\n`);
    const onAbort = () => {
      this.#break("the agent did not reply in time, so it was stopped");
      void this.stop();
    };
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      for (;;) {
        const line = this.#lines.shift();
        if (line === undefined) {
          if (this.#broken) throw new StepFailure(this.#broken);
          await new Promise<void>((resolve) => (this.#wake = resolve));
          continue;
        }
        if (line.trim() === "") continue;
        const reply = replyOf(line);
        if (reply !== undefined) return reply;
        this.#break(`the agent wrote a line that is not the protocol: ${show(line)} (${SHAPE})`);
        throw new StepFailure(this.#broken ?? "");
      }
    } finally {
      signal.removeEventListener("abort", onAbort);
    }
  }

  /**
   * Closes its stdin, and waits a moment for it to end on that, as a well-behaved agent does (a
   * shell then ends after its program, which none is left to reap otherwise); then SIGTERM to its
   * process group, SIGKILL after a grace. Resolves once it has ended.
   */
  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      this.#child.stdin?.end();
      if (this.#child.exitCode === null && this.#child.signalCode === null)
        await Promise.race([
          once(this.#child, "exit").catch(() => {}),
          sleep(END_ON_EOF_MS, undefined, { ref: false }),
        ]);
      await stopChild(this.#child, { graceMs: STOP_GRACE_MS, group: true });
      this.#unregister();
    })();
    return this.#stopping;
  }

  #read(chunk: string): void {
    const parts = (this.#partial + chunk).split("\n");
    this.#partial = parts.pop() ?? "";
    this.#lines.push(...parts);
    if (this.#partial.length > LONGEST_LINE_CHARS)
      this.#break(`the agent wrote a line longer than ${LONGEST_LINE_CHARS / 1024} KiB (${SHAPE})`);
    this.#wake();
  }

  /** The first reason the conversation cannot go on is the one said. */
  #break(why: string): void {
    this.#broken ??= why.replace("the agent", `the agent (${this.#command})`);
    this.#wake();
  }
}

/**
 * The command line as the shell runs it. A simple command (no operators, no leading assignment)
 * is exec'd: the agent is then the process the runner signals and reaps, not a shell that dies
 * first and leaves it to an init that may never reap it.
 */
function shellLine(command: string): string {
  const simple = !/[;&|<>()`\n]/.test(command) && !/^\s*([A-Za-z_]\w*=|exec\s)/.test(command);
  return simple && process.platform !== "win32" ? `exec ${command}` : command;
}

/** The reply's text, or undefined for a line that is not a reply. */
function replyOf(line: string): string | undefined {
  const message = parseJson(line);
  if (!isJsonObject(message)) return undefined;
  const { type, text } = message;
  return type === "reply" && typeof text === "string" ? text : undefined;
}

/** How the agent ended, as a turn says it; a shell's 127 and 126 say what they mean. */
function endingLine(ending: Ending): string {
  if ("error" in ending) return `the agent could not be started: ${ending.error.message}`;
  if (ending.code === null) return `the agent was ended by ${ending.signal} before it replied`;
  const why =
    ending.code === 127
      ? " (the shell found no such command: check --agent)"
      : ending.code === 126
        ? " (the shell could not run it: is it executable?)"
        : " (what it wrote on stderr, if anything, is above)";
  return `the agent exited with code ${ending.code} before it replied${why}`;
}
