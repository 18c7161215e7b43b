/** The few HTTP calls the bench makes itself, as a client of the sandbox. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { ROOT } from "./processes.ts";

export interface DemoUser {
  id: string;
  email: string;
  password: string;
}

export async function demoUsers(): Promise<DemoUser[]> {
  return (JSON.parse(await readFile(join(ROOT, "fixtures/users.json"), "utf8")) as { users: DemoUser[] }).users;
}

/** A storefront login JWT for the user. */
export async function login(storefront: string, user: DemoUser): Promise<string> {
  const response = await fetch(`${storefront}/api/auth/login`, {
    method: "POST",
    headers: JSON_TYPE,
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

export const JSON_TYPE = { "content-type": "application/json" };

/** The cart add every write figure sends: one unit of one product. */
export const CART_ADD = { product_id: "ofada-rice-5kg", quantity: 1 };
