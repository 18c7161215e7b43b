import { Argument, Command, InvalidArgumentError, Option } from "commander";
import type { TransactionTrigger, TriggeredTransaction } from "../client/controls-client.ts";
import {
  DIRECTIONS,
  SETTLED_STATUSES,
  type SettledStatus,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from "../contracts/wallet/schemas.ts";
import { type JsonConfigFlags, withSandboxOptions } from "./command-config.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";
import { runningControls } from "./running.ts";

export function triggerCommand(cli: Cli): Command {
  return new Command("trigger")
    .addHelpText(
      "after",
      helpText({
        notes: ["Each change is saved like any other and shows on the routes at once."],
        examples: [
          "npx sandbox trigger order-delivered ORD-7F3K2Q",
          "npx sandbox trigger transaction --user ada@example.com --amount 25 --direction income --status Pending",
          "npx sandbox trigger transaction-status txn_3f9a1c2b4d5e Completed",
        ],
      }),
    )
    .addCommand(orderDeliveredCommand(cli))
    .addCommand(transactionCommand(cli))
    .addCommand(transactionStatusCommand(cli));
}

function orderDeliveredCommand(cli: Cli): Command {
  return subcommand("order-delivered")
    .description("A storefront order takes the status Delivered")
    .argument("<order>", "the order's reference (ORD-…) or id, as GET /api/orders lists them")
    .addHelpText(
      "after",
      helpText({
        examples: [
          "npx sandbox trigger order-delivered ORD-7F3K2Q",
          "npx sandbox trigger order-delivered ORD-7F3K2Q --json",
        ],
      }),
    )
    .action(async (order: string, flags: JsonConfigFlags) => {
      const result = await (await runningControls(flags, cli)).triggerOrderDelivered(order);
      print(cli, flags, result, `${result.order.orderId} is Delivered (was ${result.previousStatus})`);
    });
}

function transactionCommand(cli: Cli): Command {
  return subcommand("transaction")
    .description("A new wallet transaction of a demo user, dated by the sandbox clock")
    .requiredOption("--user <id|email>", "a demo user's id or email")
    .requiredOption("--amount <amount>", "positive, in the wallet's currency, at most 2 decimals (12.50)", parseAmount)
    .addOption(
      new Option("--direction <direction>", "money added or leaving").choices(DIRECTIONS).makeOptionMandatory(),
    )
    .addOption(
      new Option("--status <status>", "Pending counts nowhere until it settles; Failed never counts")
        .choices(TRANSACTION_STATUSES)
        .default("Completed"),
    )
    .addOption(
      new Option(
        "--type <type>",
        "one of the direction's: deposit or card_topup (income), exchange or transfer (spending) [default: deposit or transfer]",
      ).choices(TRANSACTION_TYPES),
    )
    .option("--description <text>", "what the wallet shows [default: the type's name]")
    .addHelpText(
      "after",
      helpText({
        notes: [
          "A Completed transaction counts in the balance and insights at once; a Pending one only once",
          "it settles as Completed (trigger transaction-status).",
        ],
        examples: [
          "npx sandbox trigger transaction --user ada@example.com --amount 25 --direction income",
          "npx sandbox trigger transaction --user tunde@example.com --amount 120.50 --direction spending --type exchange --status Pending --json",
        ],
      }),
    )
    .action(async (flags: JsonConfigFlags & TransactionTrigger) => {
      const { user, amount, direction, status, type, description } = flags;
      const result = await (await runningControls(flags, cli)).triggerTransaction({
        user,
        amount,
        direction,
        status,
        type,
        description,
      });
      print(cli, flags, result, describe(result));
    });
}

function transactionStatusCommand(cli: Cli): Command {
  return subcommand("transaction-status")
    .description("A Pending wallet transaction settles as Completed or Failed")
    .argument("<id>", "the transaction's id (txn_…)")
    .addArgument(new Argument("<status>", "what it settles as").choices(SETTLED_STATUSES))
    .addHelpText(
      "after",
      helpText({
        notes: [
          "Only a Pending transaction changes: a Completed or Failed one keeps its status (asking for",
          "the status it has already is no error).",
        ],
        examples: [
          "npx sandbox trigger transaction-status txn_3f9a1c2b4d5e Completed",
          "npx sandbox trigger transaction-status txn_3f9a1c2b4d5e Failed --json",
        ],
      }),
    )
    .action(async (id: string, status: SettledStatus, flags: JsonConfigFlags) => {
      const result = await (await runningControls(flags, cli)).triggerTransactionStatus(id, status);
      print(cli, flags, result, `${describe(result)} (was ${result.previousStatus})`);
    });
}

/** A trigger command: it finds the sandbox running on the data dir, and prints JSON with --json. */
function subcommand(name: string): Command {
  return withSandboxOptions(new Command(name), { dataDir: "to find the running sandbox" }).option(
    "--json",
    "print JSON",
  );
}

function print(cli: Cli, flags: JsonConfigFlags, result: unknown, line: string): void {
  cli.print(flags.json ? JSON.stringify(result, null, 2) : line);
}

function parseAmount(text: string): number {
  const amount = Number(text);
  if (text.trim() === "" || !Number.isFinite(amount)) throw new InvalidArgumentError("give a number such as 12.50");
  return amount;
}

/** "txn_3f9a1c2b4d5e: income 25.00 USD, Pending, Deposit, 2026-11-23T09:30:00.000Z". */
function describe({ transaction }: TriggeredTransaction): string {
  return `${transaction.id}: ${transaction.direction} ${transaction.amount.toFixed(2)} ${transaction.currency}, ${transaction.status}, ${transaction.description}, ${transaction.createdAt}`;
}
