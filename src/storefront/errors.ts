import { errorTexts } from "../errors.ts";

/** The storefront's own error codes (the generic ones are in http/errors.ts, the auth ones in auth/errors.ts). */
export const STOREFRONT_ERRORS = {
  product_not_found: 404,
} as const;

export const STOREFRONT_TEXTS = errorTexts(STOREFRONT_ERRORS, {
  productNotFound: ["product_not_found", 'No product with id "{productId}": GET /api/products lists the ids'],
});
