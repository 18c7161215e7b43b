import { errorTexts, exitTexts } from "../../errors.ts";
import { FIXTURE_ERRORS } from "../../fixtures.ts";

/** The storefront's own error codes (the generic ones are in ../http-errors.ts, the auth ones in ../auth-errors.ts). */
export const STOREFRONT_ERRORS = {
  product_not_found: 404,
} as const;

export const STOREFRONT_TEXTS = errorTexts(STOREFRONT_ERRORS, {
  productNotFound: ["product_not_found", 'No product with id "{productId}": GET /api/products lists the ids'],
});

/** The codes of the storefront's sandbox triggers, which every server answers (a control sent to any server acts on all). */
export const STOREFRONT_TRIGGER_ERRORS = {
  order_not_found: 404,
} as const;

export const STOREFRONT_TRIGGER_TEXTS = errorTexts(STOREFRONT_TRIGGER_ERRORS, {
  orderNotFound: [
    "order_not_found",
    'No order "{reference}" in the storefront: GET /api/orders lists a user\'s orders, with their orderId',
  ],
});

/** What stops the storefront's seed: its fixtures do not agree. */
export const STOREFRONT_SEED_TEXTS = exitTexts(FIXTURE_ERRORS, {
  unknownProduct: [
    "fixture_invalid",
    "fixtures/storefront/orders.json: order {orderId} names unknown product {productId}: add it to fixtures/storefront/products.json, or correct the order",
  ],
});
