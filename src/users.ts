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

export async function loadDemoUsers(): Promise<DemoUser[]> {
  const { users } = await readFixture<{ users: DemoUser[] }>("users.json");
  return users;
}

export function publicUser(user: DemoUser): PublicUser {
  return { id: user.id, email: user.email, name: user.name };
}
