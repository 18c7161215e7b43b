import { errorThrower, type Fail } from "../errors.ts";

/**
 * The host app's own codes: the wallet behind it did not answer as a wallet, and the chat
 * embed's refusals (an identity token that does not verify, a user action in a chat that is
 * not signed in, a preview-only route outside a preview, a user the sandbox does not know).
 */
export const HOST_ERRORS = {
  upstream_unavailable: 502,
  identity_invalid: 401,
  sign_in_required: 403,
  preview_only: 403,
  user_not_found: 404,
} as const;

export const failHost: Fail<typeof HOST_ERRORS> = errorThrower(HOST_ERRORS);
