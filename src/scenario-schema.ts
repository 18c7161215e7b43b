/**
 * The JSON Schema of a scenario file (`sandbox run`), as data: every server publishes it at
 * GET /scenario.schema.json for editors to complete, `sandbox schema` prints it (as the package's
 * docs/scenario.schema.json holds it, for editors with no server running), and `sandbox run`
 * checks each file against it, naming a wrong step by its JSON pointer. docs/scenarios.md
 * describes each step.
 */

import { DURATION, MATCHER, SELECTED, SERVER, STATUS, TIMEOUT, USER, WHO } from "./scenario-schema-values.ts";

/** The steps' action keys: each step has exactly one. */
export const STEP_ACTIONS = ["request", "ask", "say", "clock", "fault", "trigger", "waitFor", "journal"] as const;

export const SCENARIO_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  title: "Sandbox scenario",
  description: "A test of an agent integration against the sandbox: data, time, faults and steps (sandbox run)",
  type: "object",
  required: ["name", "steps"],
  additionalProperties: false,
  properties: {
    $schema: { type: "string" },
    name: { type: "string", minLength: 1 },
    description: { type: "string" },
    data: {
      description: "An export document (sandbox export), or the path of one beside the scenario: imported first",
      oneOf: [{ type: "string", minLength: 1 }, { type: "object" }],
    },
    user: {
      ...USER,
      description:
        "The demo user the agent under test acts for (its SANDBOX_END_USER_ID and SANDBOX_END_USER_EMAIL); default: the first demo user",
    },
    clock: { $ref: "#/$defs/clock" },
    faults: { type: "array", items: { $ref: "#/$defs/fault" }, description: "Faults added before the steps" },
    steps: { type: "array", minItems: 1, items: { $ref: "#/$defs/step" } },
  },
  $defs: {
    clock: {
      type: "object",
      additionalProperties: false,
      minProperties: 1,
      maxProperties: 1,
      properties: {
        set: { type: "string", description: "An ISO 8601 time" },
        advance: DURATION,
        reset: { const: true },
      },
    },
    fault: {
      type: "object",
      required: ["service", "route"],
      additionalProperties: false,
      properties: {
        service: SERVER,
        route: {
          type: "string",
          pattern: "^\\s*\\S+\\s+/\\S*\\s*$",
          description:
            'A method (or * for any) and a path, where * stands for any characters ("POST /api/cart/items", "* /api/*")',
        },
        status: { type: "integer", minimum: 400, maximum: 599, description: "The error status it answers with" },
        rate: { type: "number", minimum: 0, maximum: 1, description: "The chance, from 0 to 1, that it fires" },
        delay: {
          type: "string",
          description: 'How long a request waits first: "2s", or "100ms-2s" for a pick in that range',
        },
        times: { type: "integer", minimum: 1, description: "How many times it fires before it is gone" },
        dropStream: { type: "boolean", description: "Cut the route's event streams instead of answering" },
        body: {
          description:
            "The body it answers with instead of the server's error, with its status: a string as given, any other value as JSON; at most 64 KiB",
        },
        contentType: {
          type: "string",
          description: "The body's Content-Type (default: JSON if the body is JSON, else text/plain)",
        },
        headers: {
          type: "object",
          additionalProperties: { type: "string" },
          description: 'Headers it answers with, with its status ({"Retry-After": "30"})',
        },
        truncate: {
          type: "integer",
          minimum: 0,
          description: "Cut the answer's body to this many bytes: its own body, or without a status the route's answer",
        },
      },
    },
    call: {
      type: "object",
      additionalProperties: false,
      description: "Which of the agent's calls during the turn, and how many: at least one unless count says (0: none)",
      properties: {
        server: SERVER,
        method: { type: "string" },
        path: { type: "string", pattern: "^/", description: "The path without its query; * stands for any characters" },
        status: STATUS,
        user: { ...USER, description: "The end user the call was for: a demo user's email or id" },
        body: {
          description:
            "The request body (JSON, else its text): selectors and what each must match, or a matcher or value for the whole",
        },
        count: { type: "integer", minimum: 0 },
      },
    },
    step: {
      type: "object",
      additionalProperties: false,
      minProperties: 1,
      description:
        "One of request, ask, say, clock, fault, trigger, waitFor, journal; with expect and capture where they apply",
      // Exactly one action (each branch names its property again, as strict validators want).
      oneOf: STEP_ACTIONS.map((action) => ({ required: [action], properties: { [action]: true } })),
      properties: {
        name: { type: "string", description: "What the step does, for the report" },
        timeout: TIMEOUT,
        request: {
          type: "object",
          required: ["server", "path"],
          additionalProperties: false,
          allOf: [
            {
              not: { required: ["as", "agent"], properties: { as: true, agent: true } },
              description: "as and agent do not go together: a request is sent as a user, or by the agent for one",
            },
            {
              not: { required: ["body", "form"], properties: { body: true, form: true } },
              description: "body and form do not go together: a request sends JSON, or a form",
            },
          ],
          properties: {
            server: SERVER,
            method: { enum: ["GET", "POST", "PUT", "PATCH", "DELETE"] },
            path: { type: "string", pattern: "^/" },
            as: WHO,
            agent: { ...USER, description: "Sent by the agent (its service token) for this end user" },
            headers: { type: "object", additionalProperties: { type: "string" } },
            body: { description: "Sent as JSON" },
            form: {
              type: "object",
              additionalProperties: { type: "string" },
              description: "Sent as application/x-www-form-urlencoded (a form, the OAuth token request)",
            },
          },
        },
        ask: {
          type: "object",
          required: ["question", "as"],
          additionalProperties: false,
          properties: { question: { type: "string", minLength: 1 }, as: USER },
        },
        say: {
          type: "string",
          minLength: 1,
          description:
            "What the user says to the agent under test (sandbox run --agent): one turn, whose reply and calls expect checks (default timeout 60s)",
        },
        clock: { $ref: "#/$defs/clock" },
        fault: {
          type: "object",
          additionalProperties: false,
          minProperties: 1,
          maxProperties: 1,
          properties: {
            add: { $ref: "#/$defs/fault" },
            clear: {
              oneOf: [{ const: true }, { type: "string", minLength: 1 }],
              description: "true (every fault), or a fault's id",
            },
          },
        },
        trigger: {
          type: "object",
          additionalProperties: false,
          minProperties: 1,
          maxProperties: 1,
          properties: {
            orderDelivered: { type: "string", description: "An order's reference (ORD-…)" },
            transaction: { type: "object", description: "A transaction to add (POST /__sandbox/trigger/transaction)" },
            transactionStatus: {
              type: "object",
              required: ["id", "status"],
              additionalProperties: false,
              properties: { id: { type: "string" }, status: { enum: ["Completed", "Failed"] } },
            },
          },
        },
        waitFor: {
          type: "object",
          required: ["stream", "as"],
          additionalProperties: false,
          properties: {
            stream: { const: "cart", description: "The storefront's cart stream (GET /api/cart/stream)" },
            as: USER,
            timeout: DURATION,
          },
        },
        journal: {
          type: "object",
          required: ["expect"],
          additionalProperties: false,
          properties: {
            inOrder: { type: "boolean", description: "The requests happened in this order" },
            expect: {
              type: "array",
              minItems: 1,
              items: {
                type: "object",
                additionalProperties: false,
                properties: {
                  server: SERVER,
                  method: { type: "string" },
                  path: { type: "string" },
                  status: STATUS,
                  user: {
                    ...USER,
                    description:
                      "The end user: a demo user's email, or an id as the requests carried it (a chat's own need not be a UUID)",
                  },
                  agent: { type: "boolean" },
                  count: { type: "integer", minimum: 0 },
                },
              },
            },
          },
        },
        expect: {
          type: "object",
          additionalProperties: false,
          description: "What the step's answer must be",
          properties: {
            status: MATCHER,
            headers: { type: "object", additionalProperties: MATCHER },
            body: {
              anyOf: [
                SELECTED,
                {
                  type: "object",
                  propertyNames: {
                    enum: ["equals", "matches", "gt", "gte", "lt", "lte", "length", "exists", "contains", "not"],
                  },
                },
                { not: { type: "object" } },
              ],
              description: "Selectors and what each must match; or a matcher, or a value, for the whole body",
            },
            action: MATCHER,
            parameters: { type: "object" },
            answer: MATCHER,
            followUp: MATCHER,
            refused: { type: "boolean" },
            event: SELECTED,
            reply: { ...MATCHER, description: "A say step's reply: its text, or a matcher (contains, matches, not…)" },
            calls: {
              type: "array",
              minItems: 1,
              items: { $ref: "#/$defs/call" },
              description:
                "A say step's calls: the requests the agent made with its service token during the turn, each line with how many match it",
            },
          },
        },
        capture: {
          type: "object",
          propertyNames: { pattern: "^[A-Za-z_][\\w]*$" },
          additionalProperties: {
            description:
              "A selector ($.path in the body, $status, $headers.name), or { from: <selector>, match: <regular expression> }",
            oneOf: [
              {
                type: "string",
                pattern: "^\\$",
                description: "A selector: $.path in the body, $status, $headers.name",
              },
              {
                type: "object",
                required: ["from", "match"],
                additionalProperties: false,
                properties: {
                  from: { type: "string", pattern: "^\\$" },
                  match: {
                    type: "string",
                    description: "A regular expression: its first group (or whole match) is the value",
                  },
                },
              },
            ],
          },
          description: "Variables set from the answer ($ the body, $status, $headers.name), used later as ${name}",
        },
      },
    },
  },
} as const;
