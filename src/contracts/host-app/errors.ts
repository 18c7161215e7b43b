import { errorTexts } from "../../errors.ts";
import { HTTP_ERRORS } from "../http-errors.ts";

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

/** The host app's texts: its wallet calls, and the chat embed's checks. */
export const HOST_TEXTS = errorTexts(
  { ...HTTP_ERRORS, ...HOST_ERRORS },
  {
    walletSilent: [
      "upstream_unavailable",
      "The wallet at {origin} did not answer ({reason}). Is it running? See --wallet-url.",
    ],
    walletNotJson: [
      "upstream_unavailable",
      "The wallet at {origin} answered {status} without a JSON object. Is --wallet-url a wallet?",
    ],
    agentCallFailed: ["upstream_unavailable", "The agent's call did not go through: {reason}"],
    appSignInFailed: ["upstream_unavailable", "Signing {name} in as the app did not work: {reason}"],
    identityRefused: [
      "identity_invalid",
      "This chat does not act for anyone: the identity token was refused ({reason}).",
    ],
    identityMissing: [
      "identity_invalid",
      "Send the embed's identity token: sessions are registered for a signed-in user only",
    ],
    signInRequired: [
      "sign_in_required",
      "Sign in to ask about your orders, cart or wallet: this chat is not signed in, so it can only search the catalog.",
    ],
    previewOnly: [
      "preview_only",
      "Registering sessions from the embed is for previews only: send the embed URL's session (present in preview URLs only)",
    ],
    unknownUser: ["user_not_found", "No demo user has the id {id} (npx sandbox users lists them)"],
    foreignOrigin: [
      "forbidden_origin",
      "The embed's routes answer the host app's own pages only; this request came from {origin}",
    ],
    noAsset: ["not_found", "No asset {name}: the embed serves {assets}"],
    tooLong: [
      "validation_error",
      '"{field}" is {length} characters; at most {max} (as a person counts them: an emoji or an accented letter is one)',
    ],
  },
);
