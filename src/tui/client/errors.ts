import { exitTexts } from "../../errors.ts";

/** The UI's own failures, outside any request: the agent acts for a user, and nobody is signed in. (The UI shows them; a command they ended would exit 1.) */
export const TUI_ERRORS = {
  sign_in_required: 1,
} as const;

export const TUI_TEXTS = exitTexts(TUI_ERRORS, {
  signInFirst: ["sign_in_required", "Sign in first (key 1)"],
  walletLoginFirst: ["sign_in_required", "This action needs a wallet login: sign in first (key 1)"],
});
