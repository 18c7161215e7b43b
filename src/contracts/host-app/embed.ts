import { NON_BLANK } from "../../json-schema.ts";
import { defineRoute, json } from "../route-contract.ts";
import { ASK_ANSWER, FRESH_EMBED } from "./embed-schemas.ts";
import { HOST_TEXTS } from "./errors.ts";

/** The chat embed page: the identity module builds its URLs, and the host app serves it there. */
export const EMBED_PATH = "/embed";

/** The embed's layouts: a side panel, or a floating button that opens the chat. */
export const EMBED_MODES = ["drawer", "launcher"] as const;
export type EmbedMode = (typeof EMBED_MODES)[number];

/** The files GET /embed/assets/<file> serves, with their types; no other name is served. */
export const EMBED_ASSETS: Readonly<Record<string, string>> = {
  "embed.js": "text/javascript; charset=utf-8",
  "embed.css": "text/css; charset=utf-8",
  "host.js": "text/javascript; charset=utf-8",
  "host.css": "text/css; charset=utf-8",
};

/** The longest question, and the longest reply to a follow-up, the chat takes, in characters as a person counts them. */
export const MAX_TEXT_LENGTH = 500;

/** Bodies of the embed's JSON routes are small: a question and a token. */
export const MAX_EMBED_BODY_BYTES = 16 * 1024;

/**
 * The maxLength the documents give a question and a reply: the most the body can carry. JSON
 * Schema counts code points (some tools UTF-16 units), and a character as a person counts it may
 * hold any number of either, so no smaller count is sure to take every text of MAX_TEXT_LENGTH
 * characters. A JSON text spends at least a byte on each code point, and on each unit, of a
 * string, around at least `{"question":""}`: the field checks never meet this limit, the body's comes first.
 */
export const MAX_TEXT_SCHEMA_LENGTH = MAX_EMBED_BODY_BYTES - '{"question":""}'.length;

export const EMBED_TAG = {
  name: "Chat embed preview",
  description:
    "The sandbox's preview of the chat embed: its page, its files, and the JSON routes its page and the demo host page call (from this host app's own pages only).",
};

const STRING = { type: "string" } as const;
const PAGE = { "text/html": STRING };

/** Every JSON route of the embed refuses a page of another origin. */
const OWN_PAGES = [HOST_TEXTS.foreignOrigin];

export const EMBED_PAGE = defineRoute({
  description: "The chat embed page: ?mode=drawer|launcher&endUser=&identity=&session= (a browser page)",
  details:
    "The page the host app's iframe shows. Its refusals are pages, not JSON: without a known mode, a 400 page that lists the two; with an identity token that does not verify (its signature, its expiry by the sandbox clock, its user), or whose user (sub) is not `endUser`, a 401 page that says why. Without an identity token the chat is not signed in and can only search the catalog.",
  operationId: "embedPage",
  tag: EMBED_TAG,
  // A page: a bad mode or identity is a page that says so.
  checksOwnInput: true,
  query: {
    mode: {
      description: "drawer (a side panel) or launcher (a floating button that opens the chat)",
      required: true,
      schema: { type: "string", enum: EMBED_MODES },
    },
    endUser: { description: "The user's id, which the identity token must name", schema: STRING },
    identity: {
      description:
        "An identity token signed by the host backend (SIGNING_SECRET); without one the chat can only search the catalog",
      schema: STRING,
    },
    session: { description: "A preview session (preview URLs only)", schema: STRING },
  },
  responses: {
    200: { description: "The chat, signed in as the token's user or not signed in", content: PAGE },
    400: { description: "The mode is missing or unknown: a page that says which two there are", content: PAGE },
    401: { description: "The identity token was refused: a page that says why (and holds no token)", content: PAGE },
  },
});

export const EMBED_ASSET = defineRoute({
  description: "The embed's and the demo host page's script and stylesheet",
  details: "The files the embed page and the demo host page load: `file` names one of them, and another name is 404.",
  operationId: "embedAsset",
  tag: EMBED_TAG,
  params: {
    file: { description: "The file", required: true, schema: { type: "string", enum: Object.keys(EMBED_ASSETS) } },
  },
  responses: { 200: { description: "The file", content: { "text/javascript": STRING, "text/css": STRING } } },
  errors: [HOST_TEXTS.noAsset],
});

export const ASK = defineRoute({
  description:
    "The chat's question {question, reply?, endUser?, identity?}: the agent's answer and what it called (identity verified on each call)",
  details: [
    "Runs the question through the sandbox's agent, as the user of the identity token (verified on each call: its signature, its expiry by the sandbox clock, and that its user is `endUser` when that is given; 401 otherwise), or, without a token, for nobody: then only a catalog search is answered, and a question that needs the user is 403 `sign_in_required`. Only this host app's own pages may call it (an Origin of another site is 403).",
    `\`question\` and \`reply\` are at most ${MAX_TEXT_LENGTH} characters as a person counts them (grapheme clusters: an emoji, a flag or an accented letter is one), once their surrounding spaces are taken off: a longer one is 400 \`validation_error\`. JSON Schema cannot say this: its maxLength counts code points (some tools count UTF-16 code units), and one character as a person counts it may hold any number of them. So the schemas' maxLength is only what the ${MAX_EMBED_BODY_BYTES / 1024} KiB body can carry, which refuses nothing the server takes, and the ${MAX_TEXT_LENGTH} is the server's check.`,
  ].join("\n\n"),
  operationId: "embedAsk",
  tag: EMBED_TAG,
  body: {
    description:
      "The question, and who asks: with an identity token the agent acts for its user, without one it can only search the catalog",
    maxBytes: MAX_EMBED_BODY_BYTES,
    schema: {
      type: "object",
      required: ["question"],
      properties: {
        question: {
          ...NON_BLANK,
          maxLength: MAX_TEXT_SCHEMA_LENGTH,
          description: `Not blank; at most ${MAX_TEXT_LENGTH} characters as a person counts them (an emoji or an accented letter is one; surrounding spaces not counted), which the server checks: maxLength is only the body's limit (see the operation)`,
          examples: ["what's in my cart?"],
        },
        reply: {
          type: "string",
          maxLength: MAX_TEXT_SCHEMA_LENGTH,
          description: `The answer to the follow-up question the first call asked; at most ${MAX_TEXT_LENGTH} characters, counted as for question`,
        },
        endUser: { type: "string", description: "The user's id; when given, the identity token must name it" },
        identity: { type: "string", description: "The identity token of the embed URL" },
      },
    },
  },
  responses: { 200: json("The agent's answer", ASK_ANSWER) },
  errors: [
    ...OWN_PAGES,
    HOST_TEXTS.tooLong,
    HOST_TEXTS.identityRefused,
    HOST_TEXTS.signInRequired,
    HOST_TEXTS.agentCallFailed,
  ],
});

export const REGISTER_SESSIONS = defineRoute({
  description:
    "Preview only: {endUser, identity, session} signs the demo user in as the app does and registers both agent sessions",
  details:
    "What the embed preview's button calls: signs the demo user in to the storefront and the wallet as the user's app would, and registers the user's agent sessions there, so that the agent may act for them. What the schema cannot say: without a non-blank `session` (present in preview URLs only) it is 403 `preview_only`; `endUser` must be a demo user's id (404 otherwise), and `identity` a token that verifies for that user (401 otherwise). Only this host app's own pages may call it.",
  operationId: "embedRegisterSessions",
  tag: EMBED_TAG,
  body: {
    description: "The embed URL's values",
    maxBytes: MAX_EMBED_BODY_BYTES,
    schema: {
      type: "object",
      required: ["endUser"],
      properties: {
        session: { type: "string", description: "The preview session of the URL: without one, this is refused" },
        endUser: { ...NON_BLANK, description: "A demo user's id" },
        identity: { type: "string", description: "An identity token for that user" },
      },
    },
  },
  responses: {
    200: json("Where a session was registered", {
      type: "object",
      required: ["registered"],
      properties: {
        registered: {
          type: "array",
          items: { type: "string", enum: ["storefront", "host"] },
          description: "The servers with the user's agent session now",
        },
      },
    }),
  },
  errors: [
    ...OWN_PAGES,
    HOST_TEXTS.previewOnly,
    HOST_TEXTS.unknownUser,
    HOST_TEXTS.identityMissing,
    HOST_TEXTS.identityRefused,
    HOST_TEXTS.appSignInFailed,
  ],
});

export const FRESH_IDENTITY = defineRoute({
  description:
    "For the demo host page: {userId} of a demo user → a fresh identity token and the embed URLs in both modes",
  details:
    "What the demo host page calls when a user is picked: a fresh identity token for that demo user, signed with the SIGNING_SECRET as a host backend would, and the embed URLs that carry it. `userId` must be a demo user's id (404 otherwise: the demo users are the sandbox's data). Only this host app's own pages may call it.",
  operationId: "embedIdentity",
  tag: EMBED_TAG,
  body: {
    description: "Whom the page picked",
    maxBytes: MAX_EMBED_BODY_BYTES,
    schema: {
      type: "object",
      required: ["userId"],
      properties: { userId: { ...NON_BLANK, description: "A demo user's id (any case)" } },
    },
  },
  responses: { 200: json("A token and the embed URLs", FRESH_EMBED) },
  errors: [...OWN_PAGES, HOST_TEXTS.unknownUser],
});
