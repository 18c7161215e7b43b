import { execFile } from "node:child_process";

/**
 * Whether git would pick up the data files: the dir is inside a git work tree and a data file
 * there is not ignored. False when git is not installed or the dir is in no work tree.
 */
export function exposedToGit(dir: string, dataFile: string): Promise<boolean> {
  return new Promise((resolve) => {
    // check-ignore exits 0 when the path is ignored, 1 when it is not, 128 outside a work tree.
    execFile("git", ["-C", dir, "check-ignore", "-q", "--", dataFile], { timeout: 5000 }, (error) => {
      resolve((error as (Error & { code?: unknown }) | null)?.code === 1);
    });
  });
}
