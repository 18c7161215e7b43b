import { readFixture } from "./fixtures.ts";
import type { FromSchema } from "./json-schema.ts";

/** A demo user: the same person (id, email, password) in the storefront and the wallet, as their data files keep it. */
export const DEMO_USER = {
  type: "object",
  required: ["id", "name", "email", "password"],
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
  },
} as const;

export type DemoUser = FromSchema<typeof DEMO_USER>;

/** The user as the login answer shows it: no password. */
export const PUBLIC_USER = {
  title: "User",
  type: "object",
  required: ["id", "email", "name"],
  properties: {
    id: {
      type: "string",
      description: "The user's UUID: the sub of their tokens, the X-End-User-Id of the agent routes",
      examples: ["0b6f3a5e-6c1d-4f47-9a2b-3c4d5e6f7a81"],
    },
    email: { type: "string", examples: ["ada@example.com"] },
    name: { type: "string", examples: ["Ada Okafor"] },
  },
} as const;

export type PublicUser = FromSchema<typeof PUBLIC_USER>;

/** What a sign-in answers: the JWT and who it is for. */
export const LOGIN_ANSWER = {
  title: "Login",
  type: "object",
  required: ["token", "user"],
  properties: {
    token: { type: "string", description: "An HS256 JWT: sub is the user's id; 24 h by default (--token-ttl)" },
    user: PUBLIC_USER,
  },
} as const;

/** User ids are UUIDs (the JWT `sub`). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user id a journal filter's `user` stands for, as every client's filter takes it (the journal
 * routes, a scenario's journal step): a demo user's email, in any case, for the user's id; any other
 * value as given, since the journal records the ids requests carried (a chat's own need not be a
 * UUID). Undefined for an email (a value with "@") of no demo user, which its caller refuses: it
 * would match nothing, and a check that the agent never wrote for someone would pass falsely.
 */
export function journalUserId(value: string, users: readonly DemoUser[]): string | undefined {
  const wanted = value.trim();
  if (!wanted.includes("@")) return wanted;
  return users.find((user) => user.email.toLowerCase() === wanted.toLowerCase())?.id;
}

export async function loadDemoUsers(): Promise<DemoUser[]> {
  const { users } = await readFixture<{ users: DemoUser[] }>("users.json");
  return users;
}

export function publicUser(user: DemoUser): PublicUser {
  return { id: user.id, email: user.email, name: user.name };
}
