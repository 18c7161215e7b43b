import { json, type RouteContract } from "../../http/route-contract.ts";
import { EMBED_MODES } from "../../identity/index.ts";
import { HOST_TEXTS } from "../errors.ts";
import { ASK_ANSWER } from "./ask-answer.ts";
import { MAX_EMBED_BODY_BYTES } from "./ask-input.ts";
import { ASSETS } from "./assets.ts";
import { FRESH_EMBED } from "./fresh-identity.ts";

export const EMBED_TAG = {
  name: "Chat embed preview",
  description:
    "The sandbox's preview of the chat embed: its page, its files, and the JSON routes its page and the demo host page call (from this host app's own pages only).",
};

const STRING = { type: "string" } as const;
const PAGE = { "text/html": STRING };
/** Every JSON route of the embed refuses a page of another origin. */
const OWN_PAGES = [HOST_TEXTS.foreignOrigin];

export const EMBED_PAGE: RouteContract = {
  description: "The chat embed page: ?mode=drawer|launcher&endUser=&identity=&session= (a browser page)",
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
};

export const EMBED_ASSET: RouteContract = {
  description: "The embed's and the demo host page's script and stylesheet",
  operationId: "embedAsset",
  tag: EMBED_TAG,
  params: { file: { description: "The file", required: true, schema: { type: "string", enum: Object.keys(ASSETS) } } },
  responses: { 200: { description: "The file", content: { "text/javascript": STRING, "text/css": STRING } } },
  errors: [HOST_TEXTS.noAsset],
};

export const ASK: RouteContract = {
  description:
    "The chat's question {question, reply?, endUser?, identity?}: the agent's answer and what it called (identity verified on each call)",
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
          type: "string",
          description:
            "At most 500 characters as a person counts them (an emoji or an accented letter is one; surrounding spaces not counted); not blank",
          examples: ["what's in my cart?"],
        },
        reply: {
          type: "string",
          description:
            "The answer to the follow-up question the first call asked; at most 500 characters, counted as for question",
        },
        endUser: { type: "string", description: "The user's id; when given, the identity token must name it" },
        identity: { type: "string", description: "The identity token of the embed URL" },
      },
    },
  },
  responses: { 200: json("The agent's answer", ASK_ANSWER) },
  errors: [
    ...OWN_PAGES,
    HOST_TEXTS.questionMissing,
    HOST_TEXTS.tooLong,
    HOST_TEXTS.identityRefused,
    HOST_TEXTS.signInRequired,
    HOST_TEXTS.agentCallFailed,
  ],
};

export const REGISTER_SESSIONS: RouteContract = {
  description:
    "Preview only: {endUser, identity, session} signs the demo user in as the app does and registers both agent sessions",
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
        endUser: { type: "string", description: "A demo user's id" },
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
};

export const FRESH_IDENTITY: RouteContract = {
  description:
    "For the demo host page: {userId} of a demo user → a fresh identity token and the embed URLs in both modes",
  operationId: "embedIdentity",
  tag: EMBED_TAG,
  body: {
    description: "Whom the page picked",
    maxBytes: MAX_EMBED_BODY_BYTES,
    schema: {
      type: "object",
      required: ["userId"],
      properties: { userId: { type: "string", description: "A demo user's id (any case)" } },
    },
  },
  responses: { 200: json("A token and the embed URLs", FRESH_EMBED) },
  errors: [...OWN_PAGES, HOST_TEXTS.unknownUser],
};
