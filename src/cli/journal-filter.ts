import { type Command, InvalidArgumentError, Option } from "commander";
import { type JournalFilter, STATUS_FILTER } from "../contracts/journal/entry.ts";
import { HEALTH_PATH } from "../contracts/service-routes.ts";
import { SERVICE_NAMES } from "../service-names.ts";
import type { DemoUser } from "../users.ts";
import { userLabel } from "./journal-table.ts";

/** The flags that pick requests out of the journal, as `journal` and `expect` take them: the filter's own fields. */
export type FilterFlags = JournalFilter;

/** Adds the filter flags; `expect` makes --service, --method and --path mandatory. */
export function withFilterOptions(command: Command, options: { required: boolean }): Command {
  const { required } = options;
  return command
    .addOption(
      new Option("--service <name>", "requests to this server").choices(SERVICE_NAMES).makeOptionMandatory(required),
    )
    .addOption(new Option("--method <method>", "with this HTTP method (any case)").makeOptionMandatory(required))
    .addOption(new Option("--path <path>", "to this path, exactly (without the query)").makeOptionMandatory(required))
    .option(
      "--user <id|email>",
      "for this end user: a demo user's email, or an id as requests carried it (X-End-User-Id, or the bearer token's subject); an email of no demo user is refused",
    )
    .option("--agent", "sent by the agent (with the BFF service token)")
    .option("--no-agent", "not sent by the agent")
    .option("--status <code|class>", "answered with this status (503) or class (2xx, 5xx)", statusFilter)
    .option(
      "--health",
      `include the health checks (GET ${HEALTH_PATH}: the terminal UI, status and start --detach send them)`,
    );
}

function statusFilter(text: string): string {
  const value = text.trim().toLowerCase();
  if (!STATUS_FILTER.test(value))
    throw new InvalidArgumentError("expected a status code such as 503, or a class such as 5xx");
  return value;
}

/** The filter the flags ask for. A demo user's email goes as given: the sandbox takes it for the user's id, or refuses an email of no demo user. */
export function journalFilter(flags: FilterFlags): JournalFilter {
  return {
    service: flags.service,
    method: flags.method?.toUpperCase(),
    path: flags.path,
    user: flags.user?.trim(),
    agent: flags.agent,
    status: flags.status,
    // Health checks are left out unless asked for, by --health or by their path.
    health: flags.health || flags.path === HEALTH_PATH ? undefined : false,
  };
}

/** The filter in words: `GET /api/orders on storefront, for ada@example.com, from the agent`. */
export function describeFilter(filter: JournalFilter, users: readonly DemoUser[]): string {
  const what = [filter.method ?? "", filter.path ?? ""].join(" ").trim() || "any request";
  const parts = [
    `${what}${filter.service ? ` on ${filter.service}` : ""}`,
    filter.user === undefined ? "" : `for ${userLabel(filter.user, users)}`,
    filter.agent === undefined ? "" : filter.agent ? "from the agent" : "not from the agent",
    filter.status === undefined ? "" : `answered ${filter.status}`,
  ];
  return parts.filter(Boolean).join(", ");
}

/** A commander parser for a whole number of at least `min`. */
export function wholeNumber(min: number): (text: string) => number {
  return (text) => {
    if (!/^\d{1,9}$/.test(text) || Number(text) < min)
      throw new InvalidArgumentError(`expected a whole number of at least ${min}`);
    return Number(text);
  };
}
