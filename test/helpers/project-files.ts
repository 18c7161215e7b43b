import { readdir } from "node:fs/promises";
import { join } from "node:path";

/**
 * The files under a folder of the repository, by their path from it: node_modules folders (the
 * development tools', a recipe's) are left out and links are not followed. Node 20's recursive
 * readdir follows the link each of them holds back to the repository (`agent-commerce-sandbox ->
 * ../..`), round and round until the heap is gone.
 */
export async function repositoryFiles(dir: string, under = ""): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(join(dir, under), { withFileTypes: true })) {
    const path = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory() && entry.name !== "node_modules") files.push(...(await repositoryFiles(dir, path)));
    else if (entry.isFile()) files.push(path);
  }
  return files;
}
