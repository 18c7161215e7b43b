/** The HS256 key of identity tokens: the SIGNING_SECRET's UTF-8 bytes (the config checks it has at least 32). */
export function signingKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export const IDENTITY_ALGORITHM = "HS256";
