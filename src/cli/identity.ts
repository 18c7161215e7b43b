import { Command } from "commander";
import { alignColumns } from "../columns.ts";
import {
  formatSpan,
  type IdentityCheck,
  type IdentityClaims,
  isoTime,
  parseClaimPairs,
  parseTtl,
  resolveEndUser,
  signIdentity,
  verifyIdentity,
} from "../identity/index.ts";
import { loadDemoUsers } from "../users.ts";
import { type ConfigFlags, type JsonConfigFlags, loadCommandConfig, withSandboxOptions } from "./command-config.ts";
import { helpText } from "./help-text.ts";
import { type Cli, readStdin } from "./io.ts";

interface SignFlags extends ConfigFlags {
  user: string;
  ttl: string;
  claim?: string[];
  allowUnknownUser?: boolean;
  json?: boolean;
}

export function identityCommand(cli: Cli): Command {
  return new Command("identity")
    .addHelpText(
      "after",
      helpText({
        examples: [
          "npx sandbox identity sign --user ada@example.com",
          'npx sandbox identity verify "$(npx sandbox identity sign --user ada@example.com)"',
        ],
      }),
    )
    .addCommand(signCommand(cli))
    .addCommand(verifyCommand(cli));
}

function signCommand(cli: Cli): Command {
  const command = new Command("sign")
    .description("Sign an identity token for a demo user with SIGNING_SECRET and print it")
    .requiredOption("--user <id|email>", "a demo user's id or email")
    .option("--ttl <duration>", "lifetime of the token (90s, 10m, 1h)", "10m")
    .option(
      "--claim <key=value>",
      "an extra claim; JSON values (5, true, {…}) are kept as JSON, others are text (repeat for more)",
      (pair: string, all: string[] = []) => [...all, pair],
    )
    .option("--allow-unknown-user", "accept a UUID that is not a demo user's id (to test how the embed refuses it)");
  return withSandboxOptions(command, { dataDir: false })
    .option("--json", "print {token, claims} as JSON")
    .addHelpText(
      "after",
      helpText({
        notes: [
          'sub, iat, exp and iss ("sandbox-host") are set by the command; --claim cannot override them.',
          "The secret is SIGNING_SECRET (env, or signingSecret in the config file), as for `sandbox start`.",
        ],
        examples: [
          "npx sandbox identity sign --user ada@example.com",
          "npx sandbox identity sign --user 0b6f3a5e-6c1d-4f47-9a2b-3c4d5e6f7a81 --ttl 2m --claim plan=pro --claim beta=true",
          "SIGNING_SECRET=my-host-backend-secret-of-32-bytes-or-more npx sandbox identity sign --user ada@example.com --json",
        ],
      }),
    )
    .action((flags: SignFlags) => signAction(flags, cli));
}

function verifyCommand(cli: Cli): Command {
  const command = new Command("verify")
    .description("Check an identity token: signature (HS256, SIGNING_SECRET), iss, exp and that sub is a demo user")
    .argument("<jwt>", "the token, or - to read it from stdin");
  return withSandboxOptions(command, { dataDir: false })
    .option("--json", "print {valid, code?, reason?, claims?} as JSON")
    .addHelpText(
      "after",
      helpText({
        notes: ['Exit code 0 if the token is valid; 1 with "invalid: <reason>" on stderr if not.'],
        examples: [
          "npx sandbox identity verify eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.…",
          "npx sandbox identity sign --user ada@example.com | npx sandbox identity verify -",
          'npx sandbox identity verify "$TOKEN" --json | jq .reason',
        ],
      }),
    )
    .action((given: string, flags: JsonConfigFlags) => verifyAction(given, flags, cli));
}

async function signAction(flags: SignFlags, cli: Cli): Promise<void> {
  const ttlSeconds = parseTtl(flags.ttl);
  const claims = parseClaimPairs(flags.claim ?? []);
  const config = await loadCommandConfig(flags, cli.io);
  const endUser = resolveEndUser(await loadDemoUsers(), flags.user, { allowUnknown: flags.allowUnknownUser });
  const signed = await signIdentity({
    secret: config.signingSecret,
    subject: endUser.id,
    ttlSeconds,
    maxLifetimeSeconds: config.identityMaxLifetime / 1000,
    claims,
  });
  cli.print(flags.json ? JSON.stringify(signed, null, 2) : signed.token);
}

async function verifyAction(given: string, flags: JsonConfigFlags, cli: Cli): Promise<void> {
  const token = (given === "-" ? await readStdin(cli.io) : given).trim();
  const config = await loadCommandConfig(flags, cli.io);
  const check = await verifyIdentity(token, {
    secret: config.signingSecret,
    users: await loadDemoUsers(),
    maxLifetimeSeconds: config.identityMaxLifetime / 1000,
  });
  if (!check.valid) cli.exitCode = 1;
  if (flags.json) return cli.print(JSON.stringify(verifyJson(check), null, 2));
  if (!check.valid) return cli.io.stderr.write(`invalid: ${check.reason}\n`);
  const left = formatSpan(check.claims.exp - Date.now() / 1000);
  cli.print(`valid: sub ${check.claims.sub} (${check.user.name}), expires in ${left}`);
  cli.print(claimLines(check.claims).join("\n"));
}

function verifyJson(check: IdentityCheck): object {
  return check.valid ? { valid: true, claims: check.claims } : { valid: false, code: check.code, reason: check.reason };
}

/** The claims, one a line: name, JSON value, and the time of the NumericDate ones. */
function claimLines(claims: IdentityClaims): string[] {
  const rows = Object.entries(claims).map(([name, value]) => {
    const time = ["iat", "exp", "nbf"].includes(name) && typeof value === "number" ? `  (${isoTime(value)})` : "";
    return [name, `${JSON.stringify(value)}${time}`];
  });
  return alignColumns(rows).map((line) => `  ${line}`);
}
