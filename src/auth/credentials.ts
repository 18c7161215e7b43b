import { firstDuplicate } from "../store/rules.ts";
import type { ShapeProblem } from "../store/shape.ts";
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

/**
 * The rules of stored users that sign-in relies on: ids are unique (a token's sub names one user)
 * and so are emails, whatever their case, as findByCredentials matches them: a second
 * "ADA@example.com" would take the first one's sign-in.
 */
export function usersProblem(users: readonly DemoUser[]): ShapeProblem | null {
  return (
    firstDuplicate(users, "/users", "id", "user ids are unique") ??
    firstDuplicate(users, "/users", "email", "emails are unique, whatever their case", (email) =>
      email.trim().toLowerCase(),
    )
  );
}
