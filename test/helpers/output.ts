/** The text a CLI run writes to one stream, as it comes, with a wait for a complete line. */
export class Output {
  #text = "";
  #ended: string | null = null;
  readonly #listeners = new Set<() => void>();

  get text(): string {
    return this.#text;
  }

  write(chunk: string): void {
    this.#text += chunk;
    this.#notify();
  }

  /** No more text will come; `why` says how the run ended, for the error of a wait still pending. */
  end(why: string): void {
    this.#ended = why;
    this.#notify();
  }

  /** Resolves with the first complete line that matches; rejects on timeout or once the run ended without one. */
  waitForLine(pattern: RegExp, timeoutMs: number, describe: () => string): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        for (const line of this.#text.split("\n").slice(0, -1)) {
          const match = line.match(pattern);
          if (match) return settle(() => resolve(match));
        }
        if (this.#ended !== null)
          settle(() => reject(new Error(`${this.#ended} before printing a line matching ${pattern}${describe()}`)));
      };
      const timer = setTimeout(
        () => settle(() => reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms${describe()}`))),
        timeoutMs,
      );
      const settle = (how: () => void) => {
        clearTimeout(timer);
        this.#listeners.delete(check);
        how();
      };
      this.#listeners.add(check);
      check();
    });
  }

  #notify(): void {
    for (const listener of [...this.#listeners]) listener();
  }
}
