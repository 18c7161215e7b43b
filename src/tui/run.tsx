import { ThemeProvider } from "@inkjs/ui";
import { render } from "ink";
import { createMasker } from "../mask.ts";
import { systemTimers, type Timers } from "../timers.ts";
import { App } from "./app.tsx";
import { CartFeed } from "./client/cart-feed.ts";
import { createHttpClient } from "./client/http.ts";
import { TrafficLog } from "./client/traffic.ts";
import { ServicesProvider, type TuiServices } from "./context.tsx";
import { KeyStream } from "./key-stream.ts";
import type { TuiSettings } from "./settings.ts";
import { TuiStore } from "./state/store.ts";
import { componentTheme } from "./theme.ts";

/** The services the UI runs on, for these settings: one client, one traffic log, one store, the timers. */
export function createTuiServices(settings: TuiSettings, timers: Timers = systemTimers): TuiServices {
  const traffic = new TrafficLog();
  // What the UI itself holds never shows in its traffic: the agent's and the host backend's secrets.
  const masker = createMasker([settings.serviceToken, settings.signingSecret, settings.controlToken]);
  const client = createHttpClient({ urls: settings.urls, traffic, masker });
  // A getter: the stream connects to where the storefront is now (the URLs follow a restarted sandbox).
  const cartFeed = new CartFeed({
    get baseUrl() {
      return settings.urls.storefront;
    },
    fetch: client.fetch,
    timers,
  });
  return { settings, timers, traffic, client, store: new TuiStore(timers), cartFeed };
}

export function TuiRoot({ services }: { services: TuiServices }) {
  return (
    <ServicesProvider services={services}>
      <ThemeProvider theme={componentTheme(services.settings.noColor)}>
        <App />
      </ThemeProvider>
    </ServicesProvider>
  );
}

/** The terminal the UI draws on and reads keys from. */
export interface TuiTerminal {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
}

/** Alternate screen and hidden cursor while the UI runs; both given back however it ends. */
const ENTER = "\x1b[?1049h\x1b[H";
const LEAVE = "\x1b[?25h\x1b[?1049l";

/**
 * Runs the UI until the user quits (q, Ctrl-C) or `stop` aborts, then leaves the terminal as it
 * was: its own screen back, the cursor shown, raw mode off.
 */
export async function runTui(services: TuiServices, terminal: TuiTerminal, stop?: AbortSignal): Promise<void> {
  const { stdout } = terminal;
  const restore = () => stdout.write(LEAVE);
  stdout.write(ENTER);
  process.once("exit", restore);
  // Keys that arrive together (a burst, a paste) reach the screens one at a time.
  const keys = new KeyStream(terminal.stdin, { typingIntoField: () => services.store.state.editing });
  const instance = render(<TuiRoot services={services} />, {
    stdin: keys as unknown as NodeJS.ReadStream,
    stdout,
    exitOnCtrlC: true,
    patchConsole: true,
  });
  const onStop = () => instance.unmount();
  stop?.addEventListener("abort", onStop);
  try {
    await instance.waitUntilExit();
  } finally {
    stop?.removeEventListener("abort", onStop);
    instance.unmount();
    instance.cleanup();
    keys.close();
    process.off("exit", restore);
    restore();
    // Whatever Ink left behind, the terminal gets its line mode back and stdin no longer holds the process open.
    if (terminal.stdin.isRaw) terminal.stdin.setRawMode(false);
    terminal.stdin.pause();
    terminal.stdin.unref();
  }
}
