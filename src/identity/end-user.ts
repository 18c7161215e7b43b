import { type DemoUser, UUID_PATTERN } from "../users.ts";
import { IdentityError } from "./errors.ts";

export interface EndUser {
  id: string;
  /** The demo user with this id; absent for an unknown id allowed with `allowUnknown`. */
  user?: DemoUser;
}

/**
 * The end user named by a demo user's id or email (case-insensitive). Any other UUID is accepted
 * only with `allowUnknown` (to test how an integration treats users the sandbox does not know).
 */
export function resolveEndUser(
  users: readonly DemoUser[],
  given: string,
  options: { allowUnknown?: boolean } = {},
): EndUser {
  const wanted = given.trim().toLowerCase();
  const user = findUser(users, given);
  if (user) return { id: user.id, user };
  const list = "npx sandbox users lists them";
  if (UUID_PATTERN.test(wanted)) {
    if (options.allowUnknown) return { id: wanted };
    throw new IdentityError(`No demo user has the id ${wanted} (${list}); add --allow-unknown-user to use it anyway.`);
  }
  if (wanted.includes("@"))
    throw new IdentityError(`No demo user has the email ${JSON.stringify(given.trim())} (${list}).`);
  throw new IdentityError(`--user takes a demo user's id or email; ${JSON.stringify(given)} is neither (${list}).`);
}

/** The user whose id or email (case-insensitive, trimmed) is `given`. */
export function findUser<U extends Pick<DemoUser, "id" | "email">>(users: readonly U[], given: string): U | undefined {
  const wanted = given.trim().toLowerCase();
  return users.find((candidate) => candidate.id.toLowerCase() === wanted || candidate.email.toLowerCase() === wanted);
}
