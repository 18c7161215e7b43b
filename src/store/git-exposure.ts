import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";

/**
 * Whether git would pick up the data files: the dir is inside a git work tree and a data file
 * there is not ignored. False when git is not installed or the dir is in no work tree. The dir
 * need not exist yet (git matches the path against the ignore rules), so that a start can ask
 * while it makes the dir and starts its servers: the first git a process runs takes ~20 ms.
 */
export function exposedToGit(dir: string, dataFile: string): Promise<boolean> {
  const file = resolve(dir, dataFile);
  let existing = dirname(file);
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  return new Promise((done) => {
    // check-ignore exits 0 when the path is ignored, 1 when it is not, 128 outside a work tree.
    execFile(
      "git",
      ["-C", existing, "check-ignore", "-q", "--", relative(existing, file)],
      { timeout: 5000 },
      (error) => {
        done(error?.code === 1);
      },
    );
  });
}
