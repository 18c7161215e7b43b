import type { AskAnswer } from "../../contracts/host-app/embed-schemas.ts";
import type { DemoUser } from "../../users.ts";
import type { AskInput } from "./ask-input.ts";

/**
 * The agent the chat embed asks, as the host app sees it. The built-in agent (src/agent/embed-chat.ts)
 * implements it, and services/host.ts wires it in: the host app knows no agent code.
 */
export interface EmbedAgent {
  /** Asks for the verified user, with their agent sessions (the answer says `noSession` when the user's app registered none). */
  askAsUser(input: AskInput, user: DemoUser): Promise<AskAnswer>;
  /** A chat that is not signed in may search the catalog only: another action is named in `signInRequired`, unsent. */
  askAnonymously(input: AskInput): Promise<AskAnswer | { signInRequired: string }>;
  /** What the user's app does after login: sign in to the storefront and the wallet, and register the agent sessions. */
  registerSessions(user: DemoUser): Promise<void>;
}
