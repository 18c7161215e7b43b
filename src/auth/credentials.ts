import type { DemoUser } from "../users.ts";
import { sameSecret } from "./secrets.ts";

/**
 * Finds the user with these credentials. Emails match case-insensitively; passwords are compared
 * in constant time, and a wrong email costs the same comparison as a wrong password.
 */
export function findByCredentials(users: readonly DemoUser[], email: string, password: string): DemoUser | undefined {
  const user = users.find((candidate) => candidate.email.toLowerCase() === email.trim().toLowerCase());
  const matches = sameSecret(password, user?.password ?? "");
  return user && matches ? user : undefined;
}
