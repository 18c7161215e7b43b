import { getRouterParam, type H3 } from "h3";
import { type FaultRule, parseFault } from "../../contracts/controls/fault.ts";
import { FAULT_TEXTS } from "../../contracts/controls/fault-errors.ts";
import { CONTROLS_PREFIX } from "../../contracts/controls/prefix.ts";
import { CONTROLS } from "../../contracts/controls/routes.ts";
import { failWith } from "../../errors.ts";
import { addControl } from "../../http/control-route.ts";
import { readJsonObject } from "../../http/json-body.ts";
import { allowedMethods } from "../../http/route-table.ts";
import type { Controls } from "../controls.ts";

/** GET, POST and DELETE /__sandbox/faults: the faults of every server, whichever server is asked. */
export function addFaultRoutes(app: H3, controls: Controls): void {
  addControl(app, CONTROLS.faults, () => ({ faults: controls.faults.list() }));
  addControl(app, CONTROLS.addFault, async (event) => {
    const rule = parseFault(await readJsonObject(event));
    checkRoute(controls, rule);
    return controls.faults.add(rule);
  });
  addControl(app, CONTROLS.clearFaults, () => ({ cleared: controls.faults.clear() }));
  addControl(app, CONTROLS.clearFault, (event) => {
    const id = getRouterParam(event, "id") ?? "";
    const cleared = controls.faults.clear(id);
    if (cleared.length === 0) failWith(FAULT_TEXTS.notFound, { values: { id, path: `${CONTROLS_PREFIX}faults` } });
    return { cleared };
  });
}

/** A fault on a server that does not run, or on an exact route its server does not have, would never fire: refused, saying why. */
function checkRoute(controls: Controls, rule: FaultRule): void {
  const { service } = rule.fields;
  const running = controls.services.find((candidate) => candidate.name === service);
  if (!running) {
    failWith(FAULT_TEXTS.notRunning, {
      values: { service, running: controls.services.map((candidate) => candidate.name).join(", ") },
      details: { field: "service" },
    });
  }
  if (!rule.exactPath) return;
  const allowed = allowedMethods(running.service.app, new URL(rule.path, "http://sandbox.invalid"));
  const index = `GET ${controls.urls[service] ?? ""}/ lists its routes`;
  if (allowed.length === 0)
    failWith(FAULT_TEXTS.noRoute, { values: { service, path: rule.path }, details: { field: "route" }, hint: index });
  if (rule.method !== "*" && !allowed.includes(rule.method)) {
    const methods = allowed.filter((method) => method !== "HEAD" && method !== "OPTIONS").join(", ");
    failWith(FAULT_TEXTS.otherMethods, {
      values: { service, methods, path: rule.path, method: rule.method },
      details: { field: "route" },
      hint: index,
    });
  }
}
