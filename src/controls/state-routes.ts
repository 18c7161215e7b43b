import type { H3 } from "h3";
import { CONTROL_TEXTS } from "../contracts/controls/errors.ts";
import { CONTROLS } from "../contracts/controls/routes.ts";
import { addControl } from "../http/control-route.ts";
import { readJsonObject } from "../http/json-body.ts";
import { queryParam } from "../http/query.ts";
import { jsonInSlices } from "../json-slices.ts";
import type { Controls } from "./controls.ts";
import { exportDocument, importDocument, resetServices } from "./state.ts";

/**
 * An export holds every service's data: more than a request body of the services' own routes may.
 * But a document is parsed and checked on the one thread every request waits for (~30 ms a MiB),
 * so an import stays small enough not to stall the servers; more data goes in through the data
 * files, which a start checks the same way (docs/controls.md).
 */
const MAX_IMPORT_BYTES = 8 * 1024 * 1024;

/** Reset, export and import: the sandbox's data as a whole. */
export function addStateRoutes(app: H3, controls: Controls): void {
  addControl(app, CONTROLS.reset, async (event) => ({
    reset: await resetServices(controls, queryParam(event, "only")),
  }));
  // A service's data can be megabytes: written out in slices, the servers keep answering meanwhile.
  // The document holds the data as it was at the request (a change makes new data, never edits it).
  addControl(app, CONTROLS.export, () => jsonInSlices(exportDocument(controls), controls.clock.timers));
  addControl(app, CONTROLS.import, async (event) => ({
    imported: await importDocument(
      controls,
      await readJsonObject(event, MAX_IMPORT_BYTES, CONTROL_TEXTS.importTooLarge),
    ),
  }));
}
