import { exitTexts } from "../errors.ts";

/**
 * The client tier's failures outside any request, shared by every client that reads a server's
 * answers (the controls client, the agent): the number is the exit code of the command one ends.
 */
export const CLIENT_ERRORS = {
  /** A server answered with a body its route's contract does not allow. */
  answer_off_contract: 1,
} as const;

export const CLIENT_TEXTS = exitTexts(CLIENT_ERRORS, {
  offContract: [
    "answer_off_contract",
    "The {label} at {base} answered {route} with a body its contract does not allow ({mismatch}): is it a sandbox of this version?",
  ],
});
