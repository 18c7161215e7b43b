import { errorThrower, type Fail } from "../errors.ts";

/** The codes of the sandbox controls, which every server answers (the controls act on the whole sandbox). */
export const CONTROL_ERRORS = {
  /** A control about a server this sandbox does not run (started with --only). */
  service_not_running: 409,
} as const;

export const failControl: Fail<typeof CONTROL_ERRORS> = errorThrower(CONTROL_ERRORS);
