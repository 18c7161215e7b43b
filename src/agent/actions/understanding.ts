/**
 * What the built-in agent's resolver needs to route a question to an action and answer it, as
 * data in the action's definition (`understanding`): a team that adds an action file gets
 * routing and an answer without touching code.
 */
export interface Understanding {
  /** What the action does, for the list of what the agent can do ("look up your orders"). */
  summary: string;
  /** Phrases that point to the action, each with its weight; matched as whole words, case-insensitive. */
  intent: Record<string, number>;
  /** Weight added when the question names a catalog product (for product actions). */
  catalogWeight?: number;
  /** How each parameter is filled from the question. */
  parameters?: Record<string, ParameterFill>;
  /** How the one-line answer is said; without it, a generic line. */
  answer?: AnswerTemplate;
  /** The one amount the action answers with (a balance), so that a question naming an amount ("is it enough for $7,500?") is answered against it: paths in the response. */
  total?: { amount: string; currency: string };
  /** The list the action returns, so that a question about part of it ("the biggest", "only the processing ones", "to Mum") is answered from it. */
  items?: ItemsDefinition;
}

/**
 * The elements of a response the answer can pick from: where they are, and which of their
 * fields hold an amount, a text to match words against, a status and a day (paths in an element).
 */
export interface ItemsDefinition {
  from: string;
  /** What one element is called ("transaction"). */
  noun: string;
  /** How one element is said, with `{{path|filter}}` as in answers. */
  say: string;
  amount?: string;
  /** The currency of `amount`, as a path in the element. */
  currency?: string;
  text?: string;
  status?: string;
  date?: string;
  /** Phrases naming each status ("Failed": ["declined", "bounced"]); the status itself always names it. */
  statuses?: Record<string, string[]>;
  /** The status whose elements count in totals (failed ones do not); every element when not given. */
  counted?: string;
  /** How the largest and smallest are called ("most expensive", "cheapest"). */
  picked?: { largest?: string; smallest?: string };
}

export type ParameterFill =
  | PeriodFill
  | DateFill
  | WordsFill
  | PatternFill
  | { from: "product"; ask?: string }
  | { from: "quantity"; ask?: string }
  | { from: "search"; ask?: string };

/** One of a fixed set of periods, named by phrases ("last week" → 7d); `default` when none is named. */
export interface PeriodFill {
  from: "period";
  values: Record<string, string[]>;
  default?: string;
  ask?: string;
}

/** A day read from the question's dates ("in October", "since Monday", "2026-10-01"): the start or the end of the range. */
export interface DateFill {
  from: "date";
  bound: "start" | "end";
  ask?: string;
}

/** A value named by phrases (`{"income": ["came in", "earned"]}`); keys become the schema's type (`"true"` → true). */
export interface WordsFill {
  from: "words";
  values: Record<string, string[]>;
  ask?: string;
}

/** A value found by a regular expression (an id); finding it adds `weight` to the action's score. */
export interface PatternFill {
  from: "pattern";
  pattern: string;
  /** The value made of the match, with `$1`… for its groups ("ORD-$1": "ord k9m4tx" → ORD-K9M4TX); the whole match when left out. */
  value?: string;
  case?: "upper" | "lower";
  /** What each run of spaces, hyphens and underscores in the value becomes ("_": "txn ada 0002" → txn_ada_0002). */
  separator?: string;
  weight?: number;
  ask?: string;
}

/** The answer: the first case whose `when` holds; `{{path|filter:arg}}` fills values from the call. */
export interface AnswerTemplate {
  cases: { when?: AnswerCondition; say: string }[];
  /** Lists usable in `say` as `{{name}}`: each element said with `say`, joined. */
  lists?: Record<string, { from: string; say: string; join?: string; max?: number; more?: string }>;
}

/** Every test given must hold: a path that is empty (missing, "", 0, []), one that is present, or a path equal to a value. */
export interface AnswerCondition {
  empty?: string;
  present?: string;
  equals?: [string, string | number | boolean];
}

const phraseWeights = { type: "object", additionalProperties: { type: "number" } } as const;
const wordLists = {
  type: "object",
  additionalProperties: { type: "array", items: { type: "string", minLength: 1 } },
} as const;
const ask = { type: "string", minLength: 1 } as const;

function fill(from: string, properties: Record<string, unknown> = {}, required: string[] = []) {
  return {
    type: "object",
    required: ["from", ...required],
    additionalProperties: false,
    properties: { from: { const: from }, ask, ...properties },
  };
}

/** The JSON Schema of `understanding` in a definition file (checked with Ajv when actions load). */
export const UNDERSTANDING_SCHEMA = {
  type: "object",
  required: ["summary", "intent"],
  additionalProperties: false,
  properties: {
    summary: { type: "string", minLength: 1 },
    intent: phraseWeights,
    catalogWeight: { type: "number" },
    parameters: {
      type: "object",
      additionalProperties: {
        oneOf: [
          fill("period", { values: wordLists, default: { type: "string" } }, ["values"]),
          fill("date", { bound: { enum: ["start", "end"] } }, ["bound"]),
          fill("words", { values: wordLists }, ["values"]),
          fill(
            "pattern",
            {
              pattern: { type: "string", minLength: 1 },
              value: { type: "string", minLength: 1 },
              case: { enum: ["upper", "lower"] },
              separator: { type: "string" },
              weight: { type: "number" },
            },
            ["pattern"],
          ),
          fill("product"),
          fill("quantity"),
          fill("search"),
        ],
      },
    },
    total: {
      type: "object",
      required: ["amount", "currency"],
      additionalProperties: false,
      properties: { amount: { type: "string", minLength: 1 }, currency: { type: "string", minLength: 1 } },
    },
    items: {
      type: "object",
      required: ["from", "noun", "say"],
      additionalProperties: false,
      properties: {
        from: { type: "string", minLength: 1 },
        noun: { type: "string", minLength: 1 },
        say: { type: "string", minLength: 1 },
        amount: { type: "string", minLength: 1 },
        currency: { type: "string", minLength: 1 },
        text: { type: "string", minLength: 1 },
        status: { type: "string", minLength: 1 },
        date: { type: "string", minLength: 1 },
        statuses: wordLists,
        counted: { type: "string", minLength: 1 },
        picked: {
          type: "object",
          additionalProperties: false,
          properties: { largest: { type: "string", minLength: 1 }, smallest: { type: "string", minLength: 1 } },
        },
      },
    },
    answer: {
      type: "object",
      required: ["cases"],
      additionalProperties: false,
      properties: {
        cases: {
          type: "array",
          minItems: 1,
          items: {
            type: "object",
            required: ["say"],
            additionalProperties: false,
            properties: {
              say: { type: "string" },
              when: {
                type: "object",
                additionalProperties: false,
                properties: {
                  empty: { type: "string" },
                  present: { type: "string" },
                  equals: { type: "array", minItems: 2, maxItems: 2 },
                },
              },
            },
          },
        },
        lists: {
          type: "object",
          additionalProperties: {
            type: "object",
            required: ["from", "say"],
            additionalProperties: false,
            properties: {
              from: { type: "string" },
              say: { type: "string" },
              join: { type: "string" },
              max: { type: "integer", minimum: 1 },
              more: { type: "string" },
            },
          },
        },
      },
    },
  },
} as const;
