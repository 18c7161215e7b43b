import type { H3 } from "h3";
import { CONTROL_TEXTS } from "../contracts/controls/errors.ts";
import { MAX_IMPORT_BYTES } from "../contracts/controls/import-limit.ts";
import { CONTROLS } from "../contracts/controls/routes.ts";
import { addControl } from "../http/control-route.ts";
import { readJsonObject } from "../http/json-body.ts";
import { queryParam } from "../http/query.ts";
import { jsonInSlices } from "../json-slices.ts";
import type { Controls } from "./controls.ts";
import { exportDocument, importDocument, resetServices } from "./state.ts";

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
