import { SandboxError, errorThrower, type Fail } from "../../errors.ts";
import type { Fault } from "./fault.ts";

/** The fault controls' codes, on every server. An injected fault answers with the status it names; 503 is the usual one. */
export const FAULT_ERRORS = {
  injected_fault: 503,
  fault_not_found: 404,
} as const;

export const failFault: Fail<typeof FAULT_ERRORS> = errorThrower(FAULT_ERRORS);

/** The answer of a fault that fired: the service's own error shape (RFC 6749's on the token endpoint), with the fault's status. */
export function injectedFault(fault: Fault): SandboxError {
  return new SandboxError("injected_fault", `Injected fault ${fault.id}: ${fault.route} on the ${fault.service} answers ${fault.status} (a sandbox fault)`, {
    status: fault.status,
    expected: true,
    details: { faultId: fault.id },
    hint: `Remove it with: npx sandbox fault clear ${fault.id}`,
  });
}
