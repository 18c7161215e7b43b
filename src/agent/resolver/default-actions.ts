import { fileURLToPath } from "node:url";
import { type ActionDefinition, loadActionsSync } from "../actions/definition.ts";

let shipped: ActionDefinition[] | undefined;

/** The shipped action definitions (fixtures/actions), read once when first needed. */
export function defaultActions(): ActionDefinition[] {
  shipped ??= loadActionsSync(fileURLToPath(new URL("../../../fixtures/actions/", import.meta.url)));
  return shipped;
}
