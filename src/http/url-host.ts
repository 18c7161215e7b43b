/** The host as a URL names it: a listen-everywhere address becomes loopback, IPv6 goes in brackets. */
export function urlHost(bind: string): string {
  const shown = bind === "0.0.0.0" ? "127.0.0.1" : bind === "::" ? "::1" : bind;
  return shown.includes(":") ? `[${shown}]` : shown;
}
