import { Command } from "commander";
import { loadDemoUsers } from "../users.ts";
import { alignColumns } from "./banner.ts";

export function usersCommand(): Command {
  return new Command("users")
    .description("List the demo users: the same people, with the same ids and passwords, in every service")
    .option("--json", "print JSON instead of a table")
    .addHelpText("after", "\nExamples:\n  npx sandbox users\n  npx sandbox users --json | jq -r '.[0].id'\n")
    .action(async (flags: { json?: boolean }) => {
      const users = await loadDemoUsers();
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(users, null, 2)}\n`);
        return;
      }
      const rows = [["NAME", "EMAIL", "PASSWORD", "ID"], ...users.map((user) => [user.name, user.email, user.password, user.id])];
      process.stdout.write(`${alignColumns(rows).join("\n")}\n`);
    });
}
