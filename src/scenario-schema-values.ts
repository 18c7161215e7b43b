/** The values the steps of a scenario file share (src/scenario-schema.ts): who, where, what must match, and how long. */

/** A demo user by email or id. */
export const USER = { type: "string", minLength: 1, description: "A demo user by email or id" } as const;

/** Who sends a request: a demo user (logged in for the step), or `anonymous`. */
export const WHO = {
  ...USER,
  description: "A demo user by email or id (logged in for the step), or `anonymous`",
} as const;

export const SERVER = {
  enum: ["storefront", "wallet", "host"],
  description: "Which server the request goes to",
} as const;

/** What a value must be: itself (equality), or one of these tests. */
export const MATCHER = {
  description:
    "A value the received one must equal, or an object of tests: equals, matches (a regular expression), gt, gte, lt, lte, length (a number or a matcher), exists (true/false), contains, not (a matcher that must fail)",
} as const;

/** An answer's status: a code, or a class. */
export const STATUS = {
  oneOf: [
    { type: "integer", minimum: 100, maximum: 599 },
    { type: "string", pattern: "^[1-5](\\d\\d|xx)$" },
  ],
  description: 'A status (201) or a class ("2xx")',
} as const;

/** Selectors (`$.items[0].name`, `$.lines.length`) and what each must match. */
export const SELECTED = {
  type: "object",
  propertyNames: { pattern: "^\\$" },
  additionalProperties: MATCHER,
  description: "JSONPath-style selectors ($, .name, [index], .length) and what each must match",
} as const;

export const DURATION = {
  oneOf: [
    { type: "integer", minimum: 0 },
    { type: "string", pattern: "^\\d+(ms|s|m|h|d)$" },
  ],
  description: "A duration: milliseconds (a number), or a number with ms, s, m, h or d (25h)",
} as const;

/** How long a step may take: more than nothing. */
export const TIMEOUT = {
  oneOf: [
    { type: "integer", minimum: 1 },
    { type: "string", pattern: "^0*[1-9]\\d*(ms|s|m|h)$" },
  ],
  description:
    "A duration the step may take before it fails (default: --step-timeout, else 30s; 60s for a say step): milliseconds above 0, or a number with ms, s, m or h; a waitFor's wait comes on top",
} as const;
