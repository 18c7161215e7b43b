/** Equal as JSON values, whatever the order of object keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

/** The claims of a JWT, read without verifying it (the checker holds no secret); undefined when it is not a JWT. */
export function jwtClaims(token: string): Record<string, unknown> | undefined {
  const [, payload, signature] = token.split(".");
  if (!payload || signature === undefined || token.split(".").length !== 3) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return claims !== null && typeof claims === "object" && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Amounts in major units compared to the cent. */
export function sameAmount(a: number, b: number): boolean {
  return Math.abs(a - b) < 0.005;
}

/** Rounded to cents, as the services add up amounts. */
export function cents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** A random UUID that names nobody. */
export function nobody(): string {
  return crypto.randomUUID();
}

/** "1 item", "3 items". */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
