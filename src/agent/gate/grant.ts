import { isDeepStrictEqual } from "node:util";
import { SandboxError } from "../../errors.ts";
import type { ActionDefinition } from "../actions/definition.ts";

/**
 * The pass a write needs to be sent. Only this module makes one, and only two doors lead to it:
 * the write gate, for a change the user's message clearly asked for, and an explicit call, whose
 * caller named the action and every parameter (`agent call`, MCP tools, the terminal UI's form,
 * the contract checker). `callAction` refuses a write without a pass for those very parameters.
 */
export interface WriteGrant {
  readonly action: string;
  readonly parameters: Readonly<Record<string, unknown>>;
  /** Why the write may be sent, for --explain. */
  readonly because: string;
}

const issued = new WeakSet<WriteGrant>();

/** Whether an action changes something: anything but a read is a write. */
export function isWrite(action: Pick<ActionDefinition, "method">): boolean {
  return action.method !== "GET";
}

/** A pass for the write the gate let through (gate.ts), or for an explicit call (`explicitCall`). */
export function issueGrant(action: string, parameters: Record<string, unknown>, because: string): WriteGrant {
  const grant: WriteGrant = Object.freeze({ action, parameters: Object.freeze({ ...parameters }), because });
  issued.add(grant);
  return grant;
}

/** The pass of a call whose caller named the action and each parameter: the caller's own model or hand chose them, not the resolver. */
export function explicitCall(action: ActionDefinition, parameters: Record<string, unknown>): WriteGrant | undefined {
  return isWrite(action)
    ? issueGrant(action.name, parameters, "the caller named the action and its parameters")
    : undefined;
}

/** Refuses a write whose pass is missing, forged or for other values: nothing is sent. */
export function assertGranted(
  action: ActionDefinition,
  parameters: Record<string, unknown>,
  grant: WriteGrant | undefined,
): void {
  if (!isWrite(action)) return;
  if (grant && issued.has(grant) && grant.action === action.name && isDeepStrictEqual(grant.parameters, parameters))
    return;
  throw new SandboxError(
    "write_not_granted",
    `${action.name} changes data and was not cleared by the write gate: nothing was sent`,
  );
}
