import { EventEmitter } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { render } from "ink-testing-library";
import { DEFAULT_ACTIONS_DIR } from "../../src/agent/target.ts";
import { type StartedSandbox, startSandbox } from "../../src/index.ts";
import type { TuiServices } from "../../src/tui/context.tsx";
import { KeyStream } from "../../src/tui/key-stream.ts";
import { createTuiServices, TuiRoot } from "../../src/tui/run.tsx";
import type { TuiSettings } from "../../src/tui/settings.ts";
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
  sandbox: Pick<StartedSandbox, "urls" | "users" | "secrets">,
  overrides: Partial<TuiSettings> = {},
): TuiSettings {
  return {
    urls: sandbox.urls,
    users: sandbox.users,
    serviceToken: sandbox.secrets.bffServiceToken,
    signingSecret: sandbox.secrets.signingSecret,
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
  frame(): string;
  /** Sends keys one by one, letting the UI draw after each. */
  press(...keys: string[]): Promise<void>;
  /** Sends what a terminal sends when keys arrive together (a burst, a paste): one chunk. */
  burst(chunk: string): Promise<void>;
  /** Types text into the field that has the keyboard. */
  type(text: string): Promise<void>;
  /** Waits until the frame shows the text (or matches), and returns the frame; fails with the last frame after `timeoutMs`. */
  waitFor(expected: string | RegExp, timeoutMs?: number): Promise<string>;
  unmount(): void;
}

/**
 * The whole UI rendered by ink-testing-library (100 columns, 24 rows), unmounted when the test
 * ends. `press` sends keys one at a time; `burst` sends what a terminal sends when keys arrive
 * together, through the UI's own KeyStream, which hands them to Ink one by one as in a terminal.
 */
export function renderTui(t: { after(fn: () => unknown): void }, settings: TuiSettings): RenderedTui {
  const services = createTuiServices(settings);
  const view = render(<TuiRoot services={services} />);
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
   * After a key, until the frame has stopped changing, and a moment more: a component takes keys
   * once its effects ran, just after it is drawn, and a key sent sooner (a field that just
   * opened) would go to what was there before. A loaded machine draws late; this waits for it.
   */
  const settle = async () => {
    const deadline = Date.now() + 1000;
    for (let before = frame(); ; before = frame()) {
      await sleep(30);
      if (frame() === before || Date.now() > deadline) break;
    }
    await sleep(20);
  };
  const press = async (...keys: string[]) => {
    for (const key of keys) {
      view.stdin.write(key);
      await settle();
    }
  };
  const burst = async (chunk: string) => {
    pending = chunk;
    terminal.emit("readable");
    await settle();
  };
  return {
    services,
    frame,
    press,
    burst,
    // Into a field, text arrives as a paste does: one chunk, which the key stream keeps in one piece (and one settling instead of one a key).
    type: (text) => (services.store.state.editing ? burst(text) : press(...text)),
    waitFor: async (expected, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      const matches = () => (typeof expected === "string" ? frame().includes(expected) : expected.test(frame()));
      while (!matches()) {
        if (Date.now() > deadline)
          throw new Error(`The UI never showed ${String(expected)}; its last frame:\n${frame()}`);
        await sleep(25);
      }
      return frame();
    },
    unmount: () => view.unmount(),
  };
}
