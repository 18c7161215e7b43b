import { errorThrower, type Fail } from "../errors.ts";

/** The storefront's own error codes (the generic ones are in http/errors.ts, the auth ones in auth/errors.ts). */
export const STOREFRONT_ERRORS = {
  product_not_found: 404,
} as const;

export const failStorefront: Fail<typeof STOREFRONT_ERRORS> = errorThrower(STOREFRONT_ERRORS);
