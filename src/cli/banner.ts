import type { Sandbox } from "../sandbox.ts";

/** Pads each column to its widest cell, two spaces apart. */
export function alignColumns(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ").trimEnd());
}

function oauthLines({ oauthClient: client, urls }: Sandbox): string[] {
  if (!client || !urls.wallet) return ["OAuth client: the wallet is not running"];
  return [
    `OAuth client: ${client.id}   secret: ${client.secret}`,
    `  redirect URIs: ${client.redirectUris.join(", ")}`,
    `  authorize: ${urls.wallet}/oauth/authorize   token: ${urls.wallet}/oauth/token`,
    "  (more clients: npx sandbox oauth add-client --help)",
  ];
}

const LABELS = { storefront: "storefront", wallet: "wallet", host: "host app" } as const;

/** What `sandbox start` prints once every server listens: where things are and how to sign in. */
export function formatBanner(sandbox: Sandbox): string {
  const { config } = sandbox;
  const services = config.only.map((name) => `  ${LABELS[name].padEnd(11)} ${sandbox.urls[name]}`);
  const users = alignColumns(sandbox.users.map((user) => [user.name, user.email, user.password, user.id])).map((line) => `  ${line}`);
  return [
    `Sandbox running (data: ${sandbox.dataDir})`,
    "",
    ...services,
    "",
    "Demo users (name, email, password, id):",
    ...users,
    "",
    `BFF service token: ${config.bffServiceToken}`,
    ...oauthLines(sandbox),
    "Terminal UI: not available in this version yet",
    "",
    "Press Ctrl-C to stop.",
  ].join("\n");
}
