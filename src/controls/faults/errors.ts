import { errorTexts, errorThrower, type Fail, fillText, SandboxError } from "../../errors.ts";
import type { Fault } from "./fault.ts";

/** The fault controls' codes, on every server. An injected fault answers with the status it names; 503 is the usual one. */
export const FAULT_ERRORS = {
  injected_fault: 503,
  fault_not_found: 404,
} as const;

export const failFault: Fail<typeof FAULT_ERRORS> = errorThrower(FAULT_ERRORS);

export const FAULT_TEXTS = errorTexts(FAULT_ERRORS, {
  injected: ["injected_fault", "Injected fault {id}: {route} on the {service} answers {status} (a sandbox fault)"],
});

/** The answer of a fault that fired: the service's own error shape (RFC 6749's on the token endpoint), with the fault's status. */
export function injectedFault(fault: Fault): SandboxError {
  const { code, text } = FAULT_TEXTS.injected;
  return new SandboxError(
    code,
    fillText(text, { id: fault.id, route: fault.route, service: fault.service, status: fault.status ?? "" }),
    {
      status: fault.status,
      expected: true,
      details: { faultId: fault.id },
      hint: `Remove it with: npx sandbox fault clear ${fault.id}`,
    },
  );
}
