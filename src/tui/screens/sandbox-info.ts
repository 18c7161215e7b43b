import { advertisedServers, serverLines } from "../../client/server-lines.ts";
import { wrapHanging } from "../components/wrap-words.ts";
import type { TuiSettings } from "../settings.ts";

/**
 * What the Sandbox screen shows: the start banner when this UI started the sandbox (`start --ui`);
 * otherwise the servers it talks to now (they follow a restarted sandbox) and where the banner went.
 */
export function sandboxInfo(settings: TuiSettings): string {
  if (settings.banner !== undefined) return settings.banner;
  const servers = serverLines(advertisedServers(settings.urls));
  if (settings.dataDir === undefined)
    return [
      "Servers given on the command line",
      "",
      ...servers,
      "",
      "This UI was opened on the URLs given: it started no sandbox, so it has no start banner to show.",
    ].join("\n");
  return [
    `Sandbox joined (data: ${settings.dataDir})`,
    "",
    ...servers,
    "",
    "This UI joined a sandbox that was already running, so it has no start banner to show: the demo " +
      "users' passwords, the BFF service token, the OAuth client and the chat embed preview are in what " +
      "npx sandbox start printed in its own terminal (a sandbox started with --detach wrote it to its log: " +
      `npx sandbox logs --data-dir ${settings.dataDir}).`,
  ].join("\n");
}

/** Lines of text no wider than `width`: a longer line is wrapped at spaces, its continuation indented under it. */
export function wrapLines(text: string, width: number): string[] {
  return text.split("\n").flatMap((line) => {
    if ([...line].length <= width) return [line];
    const indent = /^ */.exec(line)?.[0] ?? "";
    return wrapHanging(indent, line.slice(indent.length), width, `${indent}  `);
  });
}
