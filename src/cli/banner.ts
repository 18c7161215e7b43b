import type { Sandbox } from "../sandbox.ts";

/** Pads each column to its widest cell, two spaces apart. */
export function alignColumns(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ").trimEnd());
}

/** What `sandbox start` prints once every server listens: where things are and how to sign in; each service adds its own lines. */
export function formatBanner(sandbox: Sandbox): string {
  const services = sandbox.services.map((service) => `  ${service.label.padEnd(11)} ${service.url}`);
  const users = alignColumns(sandbox.users.map((user) => [user.name, user.email, user.password, user.id])).map((line) => `  ${line}`);
  return [
    `Sandbox running (data: ${sandbox.dataDir})`,
    "",
    ...services,
    "",
    "Demo users (name, email, password, id):",
    ...users,
    "",
    `BFF service token: ${sandbox.config.bffServiceToken}`,
    ...sandbox.services.flatMap((service) => service.banner),
    "Terminal UI: not available in this version yet",
    "",
    "Press Ctrl-C to stop.",
  ].join("\n");
}
