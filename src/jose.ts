import { createRequire } from "node:module";

type JoseIndex = typeof import("jose");

/** The parts of jose the sandbox uses: HS256 JWTs signed, verified and decoded, and the errors that say why one failed. */
export type Jose = Pick<JoseIndex, "SignJWT" | "jwtVerify" | "decodeJwt" | "decodeProtectedHeader" | "errors">;

let loaded: Jose | undefined;

/**
 * jose, loaded at its first use (a token signed, verified or decoded), and only the parts used:
 * its index loads all 46 of its modules, ~35 ms, a third of what importing the package costs a
 * process that only starts a sandbox and stops it; these entry points load half as many. Node
 * 20.19 and later require() an ES module.
 */
export function jose(): Jose {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    loaded = {
      ...(require("jose/jwt/sign") as Pick<JoseIndex, "SignJWT">),
      ...(require("jose/jwt/verify") as Pick<JoseIndex, "jwtVerify">),
      ...(require("jose/jwt/decode") as Pick<JoseIndex, "decodeJwt">),
      ...(require("jose/decode/protected_header") as Pick<JoseIndex, "decodeProtectedHeader">),
      errors: require("jose/errors") as JoseIndex["errors"],
    };
  }
  return loaded;
}
