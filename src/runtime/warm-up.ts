import type { H3 } from "h3";
import { demoSignIn } from "../auth/login.ts";

/** A server as the warm-up reaches it: its app, and the URL it listens on (the host name its app answers to). */
export interface WarmableServer {
  app: H3;
  url: string;
}

/**
 * Signs each server's demo user in once, in the process, so that the caller's first request finds
 * the server warm: a first sign-in loads the JSON Schema validator and jose and compiles the
 * login's checks, most of the 150–400 ms a first request would take against 10–20 ms after it.
 * A request the app sends itself is no network request: the journal does not record it
 * (createServiceApp's observer), and a sign-in changes no data.
 */
export async function warmUp(servers: readonly WarmableServer[]): Promise<void> {
  for (const { app, url } of servers) {
    const signIn = demoSignIn(app);
    if (!signIn) continue;
    const answer = await app.fetch(
      new Request(new URL(signIn.path, url), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: signIn.email, password: signIn.password }),
      }),
    );
    await answer.arrayBuffer();
  }
}
