import { EventEmitter } from "node:events";
import { unstable_IdlePriority as IdlePriority, unstable_scheduleCallback as scheduleWork } from "scheduler";

const ESC = "\x1b";

/**
 * Splits what a terminal sent into keys: an escape sequence (CSI `ESC [ … final`, SS3 `ESC O x`),
 * a control character, or one printable character each. An unfinished sequence at the end is
 * returned as `rest`, to be completed by the next chunk. A lone ESC is the Esc key: the UI uses
 * no Alt-combinations, so ESC followed by a letter is Esc, then the letter.
 */
export function splitKeys(text: string): { keys: string[]; rest: string } {
  const keys: string[] = [];
  let index = 0;
  while (index < text.length) {
    if (text[index] === ESC) {
      const end = escapeSequenceEnd(text, index);
      if (end === "unfinished") return { keys, rest: text.slice(index) };
      keys.push(text.slice(index, end));
      index = end;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(index)!);
    keys.push(char);
    index += char.length;
  }
  return { keys, rest: "" };
}

/** Where the key starting with ESC at `start` ends (exclusive), or "unfinished" when the text stops inside it. */
function escapeSequenceEnd(text: string, start: number): number | "unfinished" {
  const kind = text[start + 1];
  if (kind === "O") return start + 3 <= text.length ? start + 3 : "unfinished";
  if (kind !== "[") return start + 1;
  // Legacy function keys (ESC [ [ A) carry a second bracket.
  let index = text[start + 2] === "[" ? start + 3 : start + 2;
  for (; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x40 && code <= 0x7e) return index + 1;
    if (code < 0x20 || code > 0x3f) return index;
  }
  return "unfinished";
}

/** Rounds of "React idle" after a key before the next: a key's render, its effects and what they set off. */
const SETTLE_ROUNDS = 3;

/**
 * Calls `then` once React is idle: a task of the lowest priority runs only when React's scheduler
 * holds nothing more urgent (a render, effects); the hop through setImmediate lets the microtasks
 * run, where React queues the renders that effects caused, before the next round looks again.
 */
export function afterReact(then: () => void, rounds = SETTLE_ROUNDS): void {
  scheduleWork(IdlePriority, () => {
    setImmediate(() => (rounds > 1 ? afterReact(then, rounds - 1) : then()));
  });
}

const isText = (key: string) => key.length > 0 && key !== "\x7f" && key.codePointAt(0)! >= 0x20;

/** The terminal's side of the stdin Ink reads: a TTY read stream, or a test's stand-in for one. */
export type KeySource = Pick<NodeJS.ReadStream, "isTTY" | "read" | "on" | "off" | "ref" | "unref" | "setEncoding"> & {
  setRawMode?(on: boolean): unknown;
};

export interface KeyStreamOptions {
  /** Whether a text field has the keyboard: a run of printable characters then goes to it in one piece (a paste is instant). */
  typingIntoField?: () => boolean;
}

/**
 * The stdin Ink reads: the terminal's, one key at a time. Ink hands useInput whatever arrived
 * together as one `input` ("73", "/okra", two DELs), which no screen can read as keys; here each
 * key is delivered alone, once React has nothing left to do: the render of what came before (a
 * key, an answer drawn a moment ago), its effects (where Ink attaches the new input handlers) and
 * the renders those caused. So a key that opens a field (`/`) has its field listening before the
 * letters that follow, and a key typed as a screen appears reaches that screen. (A fixed pause
 * would not do: a render takes from 1 to 80 ms and more on a loaded machine.) Raw mode,
 * ref/unref, isTTY and the encoding are the terminal's. Once every key is delivered and React is
 * idle after the last, it emits `idle` (what a test waits for after its keys).
 */
export class KeyStream extends EventEmitter {
  readonly #source: KeySource;
  readonly #typingIntoField: () => boolean;
  #queue: string[] = [];
  #unfinished = "";
  #ready: string | null = null;
  /** The next delivery waits for React to settle. */
  #waiting = false;
  #listening = false;

  constructor(source: KeySource, options: KeyStreamOptions = {}) {
    super();
    this.#source = source;
    this.#typingIntoField = options.typingIntoField ?? (() => false);
  }

  get isTTY(): boolean {
    return this.#source.isTTY === true;
  }

  /** Ink turns raw mode on while some component reads keys: only then is the terminal read. */
  setRawMode(on: boolean): this {
    this.#source.setRawMode?.(on);
    if (on && !this.#listening) this.#source.on("readable", this.#onReadable);
    if (!on && this.#listening) this.#source.off("readable", this.#onReadable);
    this.#listening = on;
    return this;
  }

  setEncoding(encoding: BufferEncoding): this {
    this.#source.setEncoding(encoding);
    return this;
  }

  ref(): this {
    this.#source.ref();
    return this;
  }

  unref(): this {
    this.#source.unref();
    return this;
  }

  /** Ink's read: the key due now, once; null until the next one is due. */
  read(): string | null {
    const key = this.#ready;
    this.#ready = null;
    return key;
  }

  /** Stops reading the terminal and drops what was not delivered. */
  close(): void {
    if (this.#listening) this.setRawMode(false);
    this.#queue = [];
  }

  #onReadable = () => {
    for (let chunk: string | Buffer | null = this.#source.read(); chunk !== null; chunk = this.#source.read()) {
      const { keys, rest } = splitKeys(this.#unfinished + String(chunk));
      this.#unfinished = rest;
      this.#queue.push(...keys);
    }
    this.#deliverNext();
  };

  /** The next key, once React is idle; `idle` once none is left. */
  #deliverNext(): void {
    if (this.#waiting) return;
    this.#waiting = true;
    afterReact(() => {
      this.#waiting = false;
      if (this.#queue.length === 0) return void this.emit("idle");
      let key = this.#queue.shift()!;
      if (isText(key) && this.#typingIntoField()) {
        while (this.#queue.length > 0 && isText(this.#queue[0]!)) key += this.#queue.shift();
      }
      this.#ready = key;
      this.emit("readable");
      this.#deliverNext();
    });
  }
}
