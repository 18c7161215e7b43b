import { lstat, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { Command } from "commander";
import { failWith } from "../errors.ts";
import { packageFile, packagePath, pathFrom } from "../package-files.ts";
import { shellWord } from "../shell-word.ts";
import { packageName } from "../version.ts";
import { CLI_TEXTS } from "./errors.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";

/** A file init writes into the team's repository: a copy of one the package ships. */
interface StarterFile {
  /** Its path in the repository. */
  path: string;
  /** The package's file it copies. */
  from: string;
  /** What it is, after "Wrote <path>: ". */
  what: string;
}

/** Where the workflow looks for the scenarios (scenarios/*.yaml), from the repository's root. */
const SCENARIOS_DIR = "scenarios";
const WORKFLOW = ".github/workflows/agent-scenarios.yml";

const FILES: readonly StarterFile[] = [
  {
    path: `${SCENARIOS_DIR}/agent-adds-to-cart.yaml`,
    from: "examples/scenarios/agent-adds-to-cart.yaml",
    what: "a starter scenario (the agent adds to Ada's cart, her cart stream shows it, the journal holds that one write)",
  },
  {
    path: WORKFLOW,
    from: "examples/ci/github-actions.yml",
    what: `runs ${SCENARIOS_DIR}/*.yaml on every push and pull request (GitHub Actions)`,
  },
];

export function initCommand(cli: Cli): Command {
  return new Command("init")
    .argument("[dir]", "the repository's root (default: the current folder; made if missing)")
    .option("--force", "replace the files that exist already")
    .addHelpText(
      "after",
      helpText({
        notes: [
          "Writes into the repository, as copies of the files the package ships:",
          ...FILES.map((file) => `  ${file.path}  (${packagePath(file.from)})`),
          "The scenario's first line points editors with the YAML extension at the scenario schema in",
          `node_modules/${packageName()}/. A file that exists is left as it is, and then nothing is`,
          "written: --force replaces it. Then it prints what is left to do.",
        ],
        examples: ["npx sandbox init", "npx sandbox init ../shop-app", "npx sandbox init --force"],
      }),
    )
    .action(async (dir: string | undefined, flags: { force?: boolean }) => {
      const root = resolve(cli.io.cwd, dir ?? ".");
      const targets = FILES.map((file) => ({ ...file, target: join(root, file.path) }));
      const shown = (path: string) => pathFrom(cli.io.cwd, path);
      if (!flags.force)
        await refuseExisting(
          targets.map((file) => file.target),
          shown,
        );
      for (const file of targets) {
        await writeStarter(file.target, await starterText(file), Boolean(flags.force));
        cli.print(`Wrote ${shown(file.target)}: ${file.what}`);
      }
      cli.print(["", "Next:", ...(await nextSteps(root, cli.io.cwd)).map((step) => `  - ${step}`)].join("\n"));
    });
}

/** Fails, naming them as the user does, when any of the paths exists (whatever is there: a file, a folder, a link). */
async function refuseExisting(paths: readonly string[], shown: (path: string) => string): Promise<void> {
  const found = await Promise.all(paths.map(existsAt));
  const existing = paths.filter((_, index) => found[index]).map(shown);
  if (existing.length === 0) return;
  const one = existing.length === 1;
  failWith(CLI_TEXTS.initExists, {
    values: { files: existing.join(" and "), exist: one ? "exists" : "exist", them: one ? "it" : "them" },
    expected: true,
  });
}

/** Whether anything is at the path; when that cannot be told (a file where a folder is due), the write says what is wrong. */
function existsAt(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/**
 * The file's text: the package's, as shipped. A scenario gets a first line that points the YAML
 * extension's editors at the schema where the package is installed beside it (scenarios/ and
 * node_modules/ both at the repository's root, as the workflow has them).
 */
async function starterText(file: StarterFile): Promise<string> {
  const text = await readFile(packageFile(file.from), "utf8");
  if (!file.path.startsWith(`${SCENARIOS_DIR}/`)) return text;
  return `# yaml-language-server: $schema=../node_modules/${packageName()}/docs/scenario.schema.json\n${text}`;
}

/** Writes the file, its folders first; with `replace`, what is there is removed first (a link is replaced, not written through). */
async function writeStarter(path: string, text: string, replace: boolean): Promise<void> {
  const cannotWrite = (where: string) => (error: NodeJS.ErrnoException) =>
    failWith(CLI_TEXTS.cannotWrite, { values: { path: where, reason: error.code ?? error.message }, expected: true });
  await mkdir(dirname(path), { recursive: true }).catch(cannotWrite(dirname(path)));
  if (replace) await rm(path, { force: true }).catch(cannotWrite(path));
  // "wx": a file that appeared since the check is not overwritten.
  await writeFile(path, text, { flag: "wx" }).catch(cannotWrite(path));
}

/** What the team does next: install the package where the workflow expects it, run the scenarios as CI will, write its own. */
async function nextSteps(root: string, cwd: string): Promise<string[]> {
  const name = packageName();
  const run = `npx --no -- ${name} run ${SCENARIOS_DIR}/*.yaml`;
  const install = `Add ${name} to the devDependencies of ${pathFrom(cwd, join(root, "package.json"))}: the workflow installs it with npm ci, then runs its bin (${packagePath("README.md")} says how to install it).`;
  return [
    ...((await listsPackage(root, name)) ? [] : [install]),
    `Run the scenarios as the workflow will: ${root === resolve(cwd) ? run : `cd ${shellWord(pathFrom(cwd, root))} && ${run}`}`,
    `Write your own beside the starter: ${packagePath("docs/scenarios.md")} describes each step.`,
    `Commit ${SCENARIOS_DIR}/ and ${WORKFLOW}.`,
  ];
}

/** Whether the repository's package.json lists the package (as a dependency of any kind). */
async function listsPackage(root: string, name: string): Promise<boolean> {
  try {
    const manifest = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as Record<string, unknown>;
    return ["devDependencies", "dependencies", "optionalDependencies"].some((field) => {
      const listed = manifest[field];
      return typeof listed === "object" && listed !== null && Object.hasOwn(listed, name);
    });
  } catch {
    return false; // none, or not JSON: either way the workflow's npm ci would not install the package
  }
}
