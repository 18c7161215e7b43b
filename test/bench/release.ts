/**
 * The release as its owner cuts it, from a clean clone of the committed HEAD: `npm ci`, then
 * `npm publish --dry-run` (its `prepare` builds dist/), then the tarball that publish would upload
 * (`npm pack`, the same bytes: its shasum is checked), which stands in for the registry until the
 * package is published.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { cleanEnv, failure, runCommand } from "./clean-machine.ts";
import { ROOT } from "./processes.ts";
import { mib, progress } from "./report.ts";

export interface Release {
  /** The clean clone, checked out at `sha`. */
  clone: string;
  sha: string;
  name: string;
  version: string;
  /** The packed tarball's path. */
  tarball: string;
  /** How long `npm ci` in the clone (npm's cache) and `npm publish --dry-run` took. */
  ciMs: number;
  publishMs: number;
}

interface Packed {
  name: string;
  version: string;
  shasum: string;
  filename: string;
  size: number;
  files: unknown[];
}

/** The release, or null when a step failed (a failed check says which). */
export async function cleanRelease(
  scratch: string,
  check: (name: string, ok: boolean, detail: string) => void,
): Promise<Release | null> {
  // npm's own cache: this is the owner's machine, not a team's.
  const env = cleanEnv();
  const git = (args: string[], cwd = ROOT) => runCommand("git", args, { cwd, env });
  const sha = (await git(["rev-parse", "HEAD"])).stdout.trim();
  const dirty = (await git(["status", "--porcelain", "--untracked-files=no"])).stdout.trim() !== "";
  progress(
    `Install routes: a clean clone of HEAD ${sha.slice(0, 7)}${dirty ? " (the uncommitted changes are not in it)" : ""}, npm ci`,
  );
  const clone = join(scratch, "release");
  const cloned = await git(["clone", "--quiet", "--no-checkout", ROOT, clone]);
  const checkedOut = cloned.code === 0 ? await git(["checkout", "--quiet", "--detach", sha], clone) : cloned;
  const installed =
    checkedOut.code === 0 ? await runCommand("npm", ["ci", "--prefer-offline"], { cwd: clone, env }) : checkedOut;
  check(
    "release: a clean clone of HEAD, npm ci",
    installed.code === 0,
    installed.code === 0 ? sha : failure(installed),
  );
  if (installed.code !== 0) return null;

  progress("Install routes: npm publish --dry-run (builds through prepare), then npm pack");
  const published = await runCommand("npm", ["publish", "--dry-run", "--json"], { cwd: clone, env });
  const manifest = JSON.parse(await readFile(join(clone, "package.json"), "utf8")) as { name: string; version: string };
  const dryRun = published.code === 0 ? (JSON.parse(published.stdout) as Record<string, Packed>)[manifest.name] : null;
  check(
    "release: npm publish --dry-run",
    dryRun?.version === manifest.version,
    dryRun
      ? `${dryRun.name}@${dryRun.version}, ${dryRun.files.length} files, ${mib(dryRun.size).toFixed(1)} MiB packed`
      : failure(published),
  );
  if (!dryRun) return null;

  // prepare has just built dist/: packing again without it gives the very tarball publish would upload.
  const packing = await runCommand("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", scratch], {
    cwd: clone,
    env,
  });
  const packed = packing.code === 0 ? (JSON.parse(packing.stdout) as Packed[])[0] : undefined;
  check(
    "release: the tarball that stands in for the registry is the one publish would upload",
    packed?.shasum === dryRun.shasum,
    packed ? `${packed.filename}, shasum ${packed.shasum}` : failure(packing),
  );
  if (!packed) return null;
  const { name, version } = manifest;
  const tarball = join(scratch, packed.filename);
  return { clone, sha, name, version, tarball, ciMs: installed.ms, publishMs: published.ms };
}
