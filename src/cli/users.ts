import { Command } from "commander";
import { alignColumns } from "../columns.ts";
import { loadDemoUsers } from "../users.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";

export function usersCommand(cli: Cli): Command {
  return new Command("users")
    .option("--json", "print JSON instead of a table")
    .addHelpText(
      "after",
      helpText({
        examples: ["npx sandbox users", "npx sandbox users --json | jq -r '.[0].id'"],
      }),
    )
    .action(async (flags: { json?: boolean }) => {
      const users = await loadDemoUsers();
      if (flags.json) return cli.print(JSON.stringify(users, null, 2));
      const rows = [
        ["NAME", "EMAIL", "PASSWORD", "ID"],
        ...users.map((user) => [user.name, user.email, user.password, user.id]),
      ];
      cli.print(alignColumns(rows).join("\n"));
    });
}
