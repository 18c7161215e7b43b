import { errorTexts } from "../../errors.ts";
import { AUTH_ERRORS } from "../auth-errors.ts";
import { HTTP_ERRORS } from "../http-errors.ts";

/** The codes of the sandbox controls, which every server answers (the controls act on the whole sandbox). */
export const CONTROL_ERRORS = {
  /** A control about a server this sandbox does not run (started with --only). */
  service_not_running: 409,
} as const;

/** What the controls under /__sandbox/ answer, word for word: access, clock, triggers, journal, reset and import (the faults' are in fault-errors.ts). */
export const CONTROL_TEXTS = errorTexts(
  { ...HTTP_ERRORS, ...AUTH_ERRORS, ...CONTROL_ERRORS },
  {
    missingControlToken: [
      "invalid_token",
      "Missing control token: the sandbox listens on {bind}, so its controls need Authorization: Bearer <control token> (the start banner prints it; the CLI sends the one its settings give: CONTROL_TOKEN, or controlToken in sandbox.config.json).",
    ],
    wrongControlToken: [
      "invalid_token",
      "Wrong control token: the sandbox listens on {bind}, so its controls need Authorization: Bearer <control token> (the start banner prints it; the CLI sends the one its settings give: CONTROL_TOKEN, or controlToken in sandbox.config.json).",
    ],
    otherSite: [
      "forbidden_origin",
      "Refused a request that the browser says a page of another site sent (Sec-Fetch-Site: {site}): the sandbox controls are for programs, such as the CLI (npx sandbox …) and ControlsClient, not for web pages. Nothing was changed.",
    ],
    foreignOrigin: [
      "forbidden_origin",
      'Refused a request from a page at "{origin}": the sandbox controls answer only pages of the sandbox\'s own servers ({own}) and programs that send no Origin, such as the CLI (npx sandbox …) and ControlsClient. Nothing was changed.',
    ],
    notJsonControl: [
      "unsupported_media_type",
      "A control that changes the sandbox takes its body as JSON, with Content-Type: application/json, or no body at all; got {type}. (A web page can send a text or form body without asking first: the controls take none.) Nothing was changed.",
    ],
    noClockMove: [
      "validation_error",
      'Send exactly one of "advance" (a duration such as "25h"), "set" (an ISO 8601 time) or "reset" (true)',
    ],
    clockMoves: [
      "validation_error",
      'Send exactly one of "advance" (a duration such as "25h"), "set" (an ISO 8601 time) or "reset" (true); got {moves}',
    ],
    advance: ["validation_error", '"advance" must be a duration such as "90s", "15m", "25h" or "8d"; got {value}'],
    set: ["validation_error", '"set" must be an ISO 8601 time such as "2030-01-01T09:00:00Z"'],
    reset: ["validation_error", '"reset" must be true'],
    offCalendar: [
      "validation_error",
      '"{field}": {value} would move the clock off its calendar, which runs from {earliest} (the Unix epoch, where token times count from) to {latest} (the last time ISO 8601 writes with four-digit years). The clock did not move.',
    ],
    noTrigger: ["not_found", 'No trigger "{name}" here: the servers this sandbox runs ({running}) have {triggers}'],
    countBelow: ["validation_error", '"{field}" must be a whole number of at least {min}; got "{value}"'],
    tooManyFollowers: [
      "too_many_streams",
      "This server's journal already has {max} live followers, its most: every request it answers is sent to each of them. Close a follower you no longer use and retry after {seconds} s.",
    ],
    statusFilter: [
      "validation_error",
      '"status" must be a status code such as 503, or a class such as 5xx; got "{value}"',
    ],
    userFilter: [
      "validation_error",
      '"user" must be a user id or a demo user\'s email; "{value}" is no demo user\'s email ({emails}). Give one of theirs (npx sandbox users lists them): an email that matches no one would count no request, and prove nothing.',
    ],
    onlyServices: ["validation_error", '"only" must be {services}; got {value}'],
    resetNotRunning: [
      "service_not_running",
      "This sandbox does not run the {service} (see its --only): nothing was reset",
    ],
    importNotRunning: [
      "service_not_running",
      "The document has {service} data, but this sandbox does not run the {service}: start it, or remove services.{service} from the document. Nothing was changed.",
    ],
    importFormat: ["validation_error", 'Import refused, nothing was changed: /format must be "{format}"'],
    importVersion: [
      "validation_error",
      "Import refused, nothing was changed: /version must be a whole number: the export format version",
    ],
    importNewer: [
      "validation_error",
      "Import refused, nothing was changed: /version is {version}, newer than this sandbox knows ({known}): update the sandbox",
    ],
    importServices: [
      "validation_error",
      "Import refused, nothing was changed: /services must be an object of each service's data",
    ],
    importNoService: [
      "validation_error",
      "Import refused, nothing was changed: /services names no service: nothing to import",
    ],
    importUnknownService: [
      "validation_error",
      "Import refused, nothing was changed: /services/{service} is not a server of the sandbox ({services})",
    ],
    importNoData: [
      "validation_error",
      "Import refused, nothing was changed: /services/{service} is there, but the {service} keeps no data",
    ],
    importBadData: ["validation_error", "Import refused, nothing was changed: {field} {problem}"],
    importTooLarge: [
      "payload_too_large",
      "Import refused, nothing was changed: an import is at most {size}, since the servers stop to read and check it. Import less at a time, or stop the sandbox and write each service's data to its file in the data dir (services.wallet to wallet.json, say): the start checks it the same way.",
    ],
  },
);
