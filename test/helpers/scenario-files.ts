import { copyFile, mkdir } from "node:fs/promises";
import { join } from "node:path";

/** The example that holds the most at once: a cart stream open while the agent adds to the cart. */
const EXAMPLE = "examples/scenarios/agent-adds-to-cart.yaml";

/** `count` copies of an example scenario in `dir`, and an empty temp dir of the test's own to run them with (TMPDIR). */
export async function copiesOfExample(dir: string, count: number): Promise<{ files: string[]; tmp: string }> {
  const files = Array.from({ length: count }, (_, index) =>
    join(dir, `flow-${String(index + 1).padStart(2, "0")}.yaml`),
  );
  await Promise.all(files.map((file) => copyFile(EXAMPLE, file)));
  const tmp = join(dir, "tmp");
  await mkdir(tmp);
  return { files, tmp };
}
