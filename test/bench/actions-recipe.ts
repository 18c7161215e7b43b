/**
 * The GitHub Actions recipe (examples/ci/github-actions.yml) run as a script in a team's project:
 * its `run:` steps in order, under bash as a runner starts them (-e, pipefail), and its `uses:`
 * steps stood in for: checkout (the project is there), setup-node (this Node runs; the line the
 * recipe names must be a maintained one) and upload-artifact (the file it uploads exists and is
 * JUnit). A step with no stand-in fails, so that the recipe cannot grow past what is proven.
 */
import { access, readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import { elementsNamed, parseXml } from "../helpers/xml.ts";
import { failure, runCommand } from "./clean-machine.ts";
import type { Check } from "./report.ts";

interface Step {
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}

/** The oldest Node line still maintained: even (LTS) lines from this one on. */
const OLDEST_MAINTAINED_NODE = 22;

/** Each step as a check, and the time each `run:` step took. */
export async function runRecipe(
  route: string,
  file: string,
  project: string,
  env: NodeJS.ProcessEnv,
): Promise<{ checks: Check[]; runs: { run: string; ms: number }[] }> {
  const recipe = parse(await readFile(file, "utf8")) as { jobs?: Record<string, { steps?: Step[] }> };
  const jobs = Object.entries(recipe.jobs ?? {});
  const checks: Check[] = [];
  const runs: { run: string; ms: number }[] = [];
  if (jobs.length === 0) checks.push({ name: `${route}: its jobs`, ok: false, detail: `no jobs in ${file}` });
  for (const [job, { steps = [] }] of jobs) {
    let failed = false;
    for (const [index, step] of steps.entries()) {
      // As on a runner, a step after a failed one runs only if it says `if: always()`.
      if (failed && !/always\(\)/.test(step.if ?? "")) continue;
      const name = `${route}: ${job} step ${index + 1}, ${step.run ? `run: ${step.run}` : `uses: ${step.uses}`}`;
      let result: [boolean, string];
      if (step.run) {
        const ran = await runCommand("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", step.run], {
          cwd: project,
          env,
        });
        runs.push({ run: step.run, ms: ran.ms });
        const said = ran.stdout.trim().split("\n").at(-1) ?? "";
        result = [ran.code === 0, ran.code === 0 ? `${said} (${(ran.ms / 1000).toFixed(1)} s)` : failure(ran)];
      } else result = await standIn(step, project);
      checks.push({ name, ok: result[0], detail: result[1] });
      if (!result[0]) failed = true;
    }
  }
  return { checks, runs };
}

async function standIn(step: Step, project: string): Promise<[boolean, string]> {
  const action = step.uses?.replace(/@.*$/, "");
  if (action === "actions/checkout") {
    const there = await access(join(project, "package.json")).then(
      () => true,
      () => false,
    );
    return [there, there ? "stood in for: the project is checked out here" : "the project has no package.json"];
  }
  if (action === "actions/setup-node") {
    const line = Number(step.with?.["node-version"]);
    const maintained = line >= OLDEST_MAINTAINED_NODE && line % 2 === 0;
    return [maintained, `names Node ${step.with?.["node-version"]}; stood in for by this Node, ${process.version}`];
  }
  if (action === "actions/upload-artifact") return junitFile(join(project, String(step.with?.path)));
  return [
    false,
    `no stand-in for ${step.uses}: add one to test/bench/actions-recipe.ts, or leave it out of the recipe`,
  ];
}

/** Stands in for the upload: the file exists and is a JUnit report with test cases. */
async function junitFile(path: string): Promise<[boolean, string]> {
  const text = await readFile(path, "utf8").catch(() => null);
  if (text === null) return [false, `${path} was not written`];
  try {
    const root = parseXml(text);
    const cases = elementsNamed(root, "testcase").length;
    const ok = root.name === "testsuites" && cases > 0;
    return [ok, `<${root.name}> with ${cases} test cases, ${root.attributes.failures ?? "?"} failed`];
  } catch (error) {
    return [false, `${path} is not XML: ${(error as Error).message}`];
  }
}
