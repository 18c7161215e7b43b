import type { H3 } from "h3";
import { CONTROL_TEXTS } from "../contracts/controls/errors.ts";
import { MAX_IMPORT_BYTES } from "../contracts/controls/import-limit.ts";
import { CONTROLS } from "../contracts/controls/routes.ts";
import { addControl } from "../http/control-route.ts";
import { readJsonObject } from "../http/json-body.ts";
import { queryParam } from "../http/query.ts";
import type { Controls } from "./controls.ts";
import { exportDocument, importDocument, resetServices } from "./state.ts";

/** Reset, export and import: the sandbox's data as a whole. */
export function addStateRoutes(app: H3, controls: Controls): void {
  addControl(app, CONTROLS.reset, async (event) => ({
    reset: await resetServices(controls, queryParam(event, "only")),
  }));
  addControl(app, CONTROLS.export, () => exportDocument(controls));
  addControl(app, CONTROLS.import, async (event) => ({
    imported: await importDocument(
      controls,
      await readJsonObject(event, MAX_IMPORT_BYTES, CONTROL_TEXTS.importTooLarge),
    ),
  }));
}
