/**
 * Every install the README documents, as a team's clean CI machine runs it: each into an empty
 * project with an empty npm cache, then used there (install-uses.ts). The release comes first,
 * from a clean clone of the committed HEAD (release.ts), and its tarball stands in for the
 * registry until the package is published. The routes:
 *   a. the registry name: `npm install <tarball>`, which the project knows by the package's name;
 *   b. git: `npm install git+file://<the clean clone>#<sha>`, whose `prepare` builds dist/;
 *   c. a tarball kept in the team's repository (`file:vendor/…`), installed by `npm ci` in a
 *      fresh copy of that repository;
 *   d. the GitHub Actions recipe, run as a script in such a repository (actions-recipe.ts).
 * `.ci/run` runs this section (`npm run bench -- --only install-routes`): a broken route fails it.
 */
import { cp, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { runRecipe } from "./actions-recipe.ts";
import { cleanEnv, failure, runCommand } from "./clean-machine.ts";
import { measureTree } from "./install.ts";
import { SHIPPED_EXAMPLE, useInstalled } from "./install-uses.ts";
import { cleanRelease, type Release } from "./release.ts";
import type { Check, Figure } from "./report.ts";
import { mib, progress } from "./report.ts";

const GROUP = "Every documented install (an empty project, an empty npm cache; the tarball stands in for the registry)";

/** A route's install: how long it took and what it left in the project's node_modules. */
interface Installed {
  ms: number;
  bytes: number;
  packages: string[];
}

export async function installRoutesSection(): Promise<{ figures: Figure[]; checks: Check[] }> {
  const started = performance.now();
  const scratch = await realpath(await mkdtemp(join(tmpdir(), "sandbox-routes-")));
  const checks: Check[] = [];
  const figures: Figure[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const seconds = (name: string, ms: number, baseline?: { name: string; ms: number }): Figure => ({
    group: GROUP,
    name,
    value: ms / 1000,
    unit: "s",
    ...(baseline && { baseline: { name: baseline.name, value: baseline.ms / 1000 }, ratio: ms / baseline.ms }),
  });
  try {
    const release = await cleanRelease(scratch, check);
    if (!release) return { figures, checks };
    figures.push(
      seconds("release: npm ci in a clean clone (npm's cache)", release.ciMs),
      seconds("release: npm publish --dry-run (builds through prepare)", release.publishMs),
    );
    const routes: [string, Installed | null][] = [];
    const routeContext = { scratch, checks, check };

    const registry = await emptyProject(join(scratch, "registry"));
    routes.push(["a. registry name", await installRoute("a. registry name", registry, release.tarball, routeContext)]);
    const manifest = JSON.parse(await readFile(join(registry, "package.json"), "utf8")) as {
      devDependencies?: Record<string, string>;
    };
    check(
      "a. registry name: the project's package.json knows it by the package's name",
      release.name in (manifest.devDependencies ?? {}),
      Object.keys(manifest.devDependencies ?? {}).join(", "),
    );

    const fromGit = `git+file://${release.clone}#${release.sha}`;
    routes.push([
      "b. git",
      await installRoute("b. git", await emptyProject(join(scratch, "git")), fromGit, routeContext),
    ]);
    const [tarballTree, gitTree] = [routes[0]![1], routes[1]![1]];
    if (tarballTree && gitTree) {
      const extra = gitTree.packages.filter((name) => !tarballTree.packages.includes(name));
      check(
        "b. git: the same packages as from the tarball (none of the build's tools)",
        extra.length === 0 && gitTree.packages.length === tarballTree.packages.length,
        extra.join(", ") || `${gitTree.packages.length} packages`,
      );
    }

    const team = await vendoredRepository(release, scratch, check);
    routes.push(["c. vendored tarball", team ? await vendoredRoute(team, routeContext) : null]);
    routes.push(["d. GitHub Actions recipe", team ? await recipeRoute(team, release, routeContext) : null]);

    for (const [name, installed] of routes) {
      if (!installed) continue;
      const base = name === routes[0]![0] ? undefined : (tarballTree ?? undefined);
      const install = name.startsWith("c.") || name.startsWith("d.") ? "npm ci" : "npm install";
      figures.push(seconds(`${name}: ${install}`, installed.ms, base && { name: "a.", ms: base.ms }), {
        group: GROUP,
        name: `${name}: node_modules (file bytes), ${installed.packages.length} packages`,
        value: mib(installed.bytes),
        unit: "MiB",
        ...(base && { baseline: { name: "a.", value: mib(base.bytes) }, ratio: installed.bytes / base.bytes }),
        target: base ? "the same as a." : undefined,
      });
    }
    figures.push(
      seconds("this section, from the clean clone to the last route's last use", performance.now() - started),
    );
    return { figures, checks };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

type RouteContext = { scratch: string; checks: Check[]; check: (name: string, ok: boolean, detail: string) => void };

/** `npm install --save-dev <spec>` in an empty project on an empty cache, measured, then used. */
async function installRoute(route: string, project: string, spec: string, context: RouteContext) {
  const env = cleanEnv(join(context.scratch, `cache-${basename(project)}`));
  progress(`Install routes: ${route}: npm install --save-dev ${spec} (an empty npm cache)`);
  return installedAndUsed(route, project, env, ["install", "--save-dev", spec], context);
}

async function installedAndUsed(
  route: string,
  project: string,
  env: NodeJS.ProcessEnv,
  npmArgs: string[],
  context: RouteContext,
): Promise<Installed | null> {
  const installed = await runCommand("npm", npmArgs, { cwd: project, env });
  const said = installed.stdout.trim().split("\n").at(-1) ?? "";
  context.check(`${route}: npm ${npmArgs.join(" ")}`, installed.code === 0, installed.code ? failure(installed) : said);
  if (installed.code !== 0) return null;
  const tree = await measureTree(join(project, "node_modules"));
  progress(`Install routes: ${route}: --help, start --detach and stop, an import of startSandbox, sandbox run`);
  context.checks.push(...(await useInstalled(route, project, env)));
  return { ms: installed.ms, ...tree };
}

/** An empty project of a team: a package.json and nothing else. */
async function emptyProject(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const manifest = { name: `team-${basename(dir)}`, private: true, type: "module" };
  await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

/**
 * A team's repository that keeps the tarball in vendor/: installed once on the team's machine
 * (the cache route a filled), so that package.json and the lockfile hold a path inside it.
 */
async function vendoredRepository(
  release: Release,
  scratch: string,
  check: RouteContext["check"],
): Promise<string | null> {
  const repository = await emptyProject(join(scratch, "team"));
  const vendored = `vendor/${basename(release.tarball)}`;
  await mkdir(join(repository, "vendor"));
  await cp(release.tarball, join(repository, vendored));
  const env = cleanEnv(join(scratch, "cache-registry"));
  const installed = await runCommand("npm", ["install", "--save-dev", "--prefer-offline", `./${vendored}`], {
    cwd: repository,
    env,
  });
  const manifest = await readFile(join(repository, "package.json"), "utf8");
  const lock = await readFile(join(repository, "package-lock.json"), "utf8").catch(() => "");
  const inside = manifest.includes(`"file:${vendored}"`) && lock.includes(`"resolved": "file:${vendored}"`);
  check(
    "c. vendored tarball: package.json and the lockfile hold a path inside the repository",
    installed.code === 0 && inside,
    installed.code === 0 ? `file:${vendored}` : failure(installed),
  );
  return installed.code === 0 && inside ? repository : null;
}

/** The repository as a fresh clone of it holds it: its files without node_modules, somewhere else. */
async function freshClone(repository: string, dir: string): Promise<string> {
  await cp(repository, dir, { recursive: true, filter: (source) => basename(source) !== "node_modules" });
  return dir;
}

async function vendoredRoute(repository: string, context: RouteContext): Promise<Installed | null> {
  const project = await freshClone(repository, join(context.scratch, "team-clone"));
  progress(
    "Install routes: c. vendored tarball: npm ci in a fresh clone of the team's repository (an empty npm cache)",
  );
  const env = cleanEnv(join(context.scratch, "cache-team-clone"));
  return installedAndUsed("c. vendored tarball", project, env, ["ci"], context);
}

/** A fresh clone of the team's repository with a shipped scenario in scenarios/, the recipe's steps run in it, then used. */
async function recipeRoute(repository: string, release: Release, context: RouteContext): Promise<Installed | null> {
  const route = "d. GitHub Actions recipe";
  const project = await freshClone(repository, join(context.scratch, "team-ci"));
  await mkdir(join(project, "scenarios"));
  await cp(join(release.clone, SHIPPED_EXAMPLE), join(project, "scenarios", basename(SHIPPED_EXAMPLE)));
  const env = cleanEnv(join(context.scratch, "cache-team-ci"), { CI: "true" });
  progress(`Install routes: ${route}: its steps, in a fresh clone of the team's repository (an empty npm cache)`);
  const recipe = await runRecipe(route, join(release.clone, "examples/ci/github-actions.yml"), project, env);
  context.checks.push(...recipe.checks);
  const install = recipe.runs.find((step) => /^npm (ci|install)\b/.test(step.run));
  context.check(`${route}: installs the package`, install !== undefined, install?.run ?? "no npm ci step");
  if (!install || recipe.checks.some((step) => !step.ok)) return null;
  const tree = await measureTree(join(project, "node_modules"));
  progress(`Install routes: ${route}: --help, start --detach and stop, an import of startSandbox, sandbox run`);
  context.checks.push(...(await useInstalled(route, project, env)));
  return { ms: install.ms, ...tree };
}
