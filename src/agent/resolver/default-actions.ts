import { fileURLToPath } from "node:url";
import { packageFile } from "../../package-files.ts";
import { type ActionDefinition, loadActionsSync } from "../actions/definition.ts";

let shipped: ActionDefinition[] | undefined;

/** The shipped action definitions (fixtures/actions), read once when first needed. */
export function defaultActions(): ActionDefinition[] {
  shipped ??= loadActionsSync(fileURLToPath(packageFile("fixtures/actions/")));
  return shipped;
}
