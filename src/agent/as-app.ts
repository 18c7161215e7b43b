import type { ServiceUrls } from "../config/options.ts";
import type { DemoUser } from "../users.ts";

/**
 * What the user's app does after login, done for a demo user so the agent has something to act
 * with: sign in to the storefront and the wallet, and register both agent sessions.
 */
export async function signInAsApp(
  urls: ServiceUrls,
  user: DemoUser,
): Promise<{ walletToken?: string; notes: string[] }> {
  const notes: string[] = [];
  let walletToken: string | undefined;
  if (urls.storefront) {
    await register(urls.storefront, user, await login(urls.storefront, user));
    notes.push(`app: signed ${user.name} in to the storefront and registered the agent session`);
  }
  if (urls.wallet) {
    walletToken = await login(urls.wallet, user);
    if (urls.host) {
      await register(urls.host, user, walletToken);
      notes.push(`app: signed ${user.name} in to the wallet and registered the host app's agent session`);
    }
  }
  return { walletToken, notes };
}

async function login(base: string, user: DemoUser): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!response.ok) throw new Error(`Signing ${user.email} in at ${base} failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function register(base: string, user: DemoUser, token: string): Promise<void> {
  const response = await fetch(`${base}/api/agent/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userId: user.id, token }),
  });
  if (!response.ok) throw new Error(`Registering the agent session at ${base} failed: ${response.status}`);
}
