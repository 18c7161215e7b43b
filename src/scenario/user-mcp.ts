import type { AgentTarget } from "../agent/actions/call.ts";
import type { ActionDefinition } from "../agent/actions/definition.ts";
import type { DemoUser } from "../users.ts";
import { packageVersion } from "../version.ts";

/** The MCP endpoint an agent under test is given (SANDBOX_MCP_URL), and how to close it. */
export interface UserMcp {
  url: string;
  close(): Promise<void>;
}

/**
 * `sandbox mcp --http`, served by the runner for one scenario run and locked to its user: each
 * tool acts for them, and a call whose `end_user_id` names anyone else is refused before anything
 * is sent. The agent under test is given one user's session, as the chat embed gives the real
 * agent: reaching another user's data through it would be a leak the task must catch, not help.
 * The tools on the agent routes send the service token, so a say step's `calls` counts them; the
 * wallet's transaction tools read with the user's own wallet token, as the built-in agent does.
 */
export async function serveUserMcp(options: {
  actions: readonly ActionDefinition[];
  user: DemoUser;
  target: () => Promise<AgentTarget>;
  onServerError(error: unknown): void;
}): Promise<UserMcp> {
  // The MCP SDK is loaded only when an agent under test starts, not for every run.
  const { createMcpServer, serveHttp } = await import("../agent/mcp.ts");
  const { user } = options;
  const targetFor = async (endUser: string | undefined) => {
    if (endUser !== undefined && endUser !== user.id && endUser.toLowerCase() !== user.email.toLowerCase())
      throw new Error(
        `Refused: this MCP endpoint acts for ${user.email} (${user.id}) only, and end_user_id names "${endUser}"; nothing was sent`,
      );
    return options.target();
  };
  const make = () =>
    createMcpServer({ actions: options.actions, targetFor, version: packageVersion(), lockedTo: user });
  return serveHttp(make, { port: 0, host: "127.0.0.1", allowedHosts: [], onServerError: options.onServerError });
}
