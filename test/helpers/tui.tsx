import { EventEmitter, once } from "node:events";
import { render } from "ink-testing-library";
import { DEFAULT_ACTIONS_DIR } from "../../src/agent/target.ts";
import { DEFAULT_IDENTITY_MAX_LIFETIME_SECONDS } from "../../src/identity/index.ts";
import { type StartedSandbox, startSandbox } from "../../src/index.ts";
import type { TuiServices } from "../../src/tui/context.tsx";
import { afterReact, KeyStream } from "../../src/tui/key-stream.ts";
import { createTuiServices, TuiRoot } from "../../src/tui/run.tsx";
import type { TuiSettings } from "../../src/tui/settings.ts";
import { withDeadline } from "./deadline.ts";
import { ManualTimers } from "./manual-timers.ts";
import { checkAnswers } from "./openapi.ts";

/** What a terminal sends for the keys the UI reads. */
export const KEY = {
  up: "\x1b[A",
  down: "\x1b[B",
  right: "\x1b[C",
  left: "\x1b[D",
  enter: "\r",
  escape: "\x1b",
  tab: "\t",
  backspace: "\x7f",
  pageUp: "\x1b[5~",
  pageDown: "\x1b[6~",
  home: "\x1b[H",
} as const;

/** A whole sandbox on free ports for the UI to talk to; closed when the test ends. */
export async function startUiSandbox(
  t: { after(fn: () => unknown): void },
  settings: Record<string, unknown> = {},
): Promise<StartedSandbox> {
  const sandbox = await startSandbox({ settings: { sseHeartbeat: "200ms", ...settings } });
  t.after(() => sandbox.close());
  await checkAnswers(t, sandbox.urls, settings.walletPrefix as string | undefined);
  return sandbox;
}

/** The UI's settings for a sandbox (or for URLs where nothing answers: a server that is down). */
export function uiSettings(
  sandbox: Pick<StartedSandbox<never>, "urls" | "users" | "secrets">,
  overrides: Partial<TuiSettings> = {},
): TuiSettings {
  return {
    urls: sandbox.urls,
    users: sandbox.users,
    serviceToken: sandbox.secrets.bffServiceToken,
    signingSecret: sandbox.secrets.signingSecret,
    identityMaxLifetimeSeconds: DEFAULT_IDENTITY_MAX_LIFETIME_SECONDS,
    controlToken: sandbox.secrets.controlToken,
    walletPrefix: "/api/wallet",
    embedBase: sandbox.urls.host ? `${sandbox.urls.host}/embed` : "",
    actionsDir: DEFAULT_ACTIONS_DIR,
    noColor: true,
    ...overrides,
  };
}

export interface RenderedTui {
  services: TuiServices;
  /** The UI's timers: its polls, retries, countdowns and the search's pause run when the test advances them. */
  time: ManualTimers;
  frame(): string;
  /** How many frames the UI has drawn so far. */
  framesDrawn(): number;
  /** Sends keys one by one, each once the UI is done with the one before (as its key stream does in a terminal). */
  press(...keys: string[]): Promise<void>;
  /** Sends what a terminal sends when keys arrive together (a burst, a paste): one chunk. */
  burst(chunk: string): Promise<void>;
  /** Types text into the field that has the keyboard. */
  type(text: string): Promise<void>;
  /**
   * Waits until a frame shows the text (or matches, or passes the check), and for the UI to be
   * done with it (its keys in place); returns that frame. Fails with the last frame after `timeoutMs`.
   */
  waitFor(expected: string | RegExp | ((frame: string) => boolean), timeoutMs?: number): Promise<string>;
  /** Gives the UI a terminal of this size (ink-testing-library's is 100×24), as a resize does; resolves once it is drawn again. */
  resize(columns: number, rows: number): Promise<void>;
  unmount(): void;
}

/** Resolves once React is idle: the render, its effects (where Ink attaches key handlers) and what they set off are done. */
export const reactIdle = () => new Promise<void>((resolve) => afterReact(resolve));

/**
 * The whole UI rendered by ink-testing-library (100 columns, 24 rows) on manual timers, unmounted
 * when the test ends. Keys go through the UI's own KeyStream, as in a terminal: `press` sends them
 * one at a time, `burst` as one chunk (keys that arrive together); both resolve once the UI is done
 * with the last key. Nothing waits on the wall clock but what the servers answer.
 */
export function renderTui(t: { after(fn: () => unknown): void }, settings: TuiSettings): RenderedTui {
  const time = new ManualTimers();
  const services = createTuiServices(settings, time);
  const view = render(<TuiRoot services={services} />);
  // Each frame Ink writes is announced, for waitFor.
  const frames = new EventEmitter();
  const write = view.stdout.write;
  view.stdout.write = (frame: string) => {
    write(frame);
    frames.emit("frame");
  };
  // The terminal's side of a burst: one chunk to read, as a TTY gives what arrived together.
  const terminal = new EventEmitter();
  let pending: string | null = null;
  const read = () => {
    const chunk = pending;
    pending = null;
    return chunk;
  };
  const source = Object.assign(terminal, {
    isTTY: true,
    read,
    ref: () => terminal,
    unref: () => terminal,
    setEncoding: () => terminal,
  });
  const keys = new KeyStream(source as unknown as NodeJS.ReadStream, {
    typingIntoField: () => services.store.state.editing,
  });
  keys.setRawMode(true);
  keys.on("readable", () => {
    for (let key = keys.read(); key !== null; key = keys.read()) view.stdin.write(key);
  });
  t.after(() => keys.close());
  t.after(() => view.unmount());
  const frame = () => view.lastFrame() ?? "";
  /**
   * A chunk as the terminal sends it; resolves once the key stream delivered its last key and
   * React is idle after it (the stream hands each key over once the UI is done with what came
   * before: sent sooner, it would go to what was there before, a field that just opened).
   */
  const send = async (chunk: string) => {
    const idle = once(keys, "idle");
    pending = chunk;
    terminal.emit("readable");
    await idle;
  };
  const press = async (...pressed: string[]) => {
    for (const key of pressed) await send(key);
  };
  const matches = (expected: string | RegExp | ((frame: string) => boolean)) =>
    typeof expected === "string"
      ? frame().includes(expected)
      : expected instanceof RegExp
        ? expected.test(frame())
        : expected(frame());
  return {
    services,
    time,
    frame,
    framesDrawn: () => view.frames.length,
    press,
    burst: send,
    // Into a field, text arrives as a paste does: one chunk, which the key stream keeps in one piece.
    type: (text) => (services.store.state.editing ? send(text) : press(...text)),
    waitFor: async (expected, timeoutMs = 5000) => {
      if (!matches(expected)) {
        let stop = () => {};
        const shown = new Promise<void>((resolve) => {
          const check = () => matches(expected) && resolve();
          frames.on("frame", check);
          stop = () => frames.off("frame", check);
        });
        await withDeadline(shown, timeoutMs, `The UI showing ${String(expected)}`)
          .catch(() => {
            throw new Error(`The UI never showed ${String(expected)}; its last frame:\n${frame()}`);
          })
          .finally(stop);
      }
      const shown = frame();
      await reactIdle();
      return shown;
    },
    resize: async (columns, rows) => {
      // Once the UI listens for resizes (its effects have run).
      await reactIdle();
      Object.defineProperties(view.stdout, {
        columns: { value: columns, configurable: true },
        rows: { value: rows, configurable: true },
      });
      view.stdout.emit("resize");
      await reactIdle();
    },
    unmount: () => view.unmount(),
  };
}

/** Text as its words, whatever the lines (and the box) it was wrapped over. */
export const words = (text: string) =>
  text
    .replace(/[│╭╮╰╯─]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Every frame a scrolling view (the Sandbox screen, the help) shows from where it is to its end,
 * a line at a time (↓) until its range line ("lines 5–19 of 23") says the last line is shown, or
 * it has none: whatever fits the view is whole in one of them.
 */
export async function scrollToEnd(ui: RenderedTui): Promise<string[]> {
  const frames: string[] = [];
  for (let line = 0; line < 100; line++) {
    const frame = ui.frame();
    frames.push(frame);
    const range = /lines \d+–(\d+) of (\d+)/.exec(frame);
    if (!range || range[1] === range[2]) return frames;
    await ui.press(KEY.down);
  }
  throw new Error(`never reached the end:\n${ui.frame()}`);
}
