import { isOneOf } from "../choices.ts";
import { parseServiceNames, SERVICE_LIST } from "../config/load.ts";
import { CONTROL_TEXTS } from "../contracts/controls/errors.ts";
import type { ExportDocument } from "../contracts/controls/schemas.ts";
import { EXPORT_FORMAT } from "../contracts/controls/schemas.ts";
import { type ErrorText, failWith } from "../errors.ts";
import { SERVICE_NAMES, type ServiceName } from "../service-names.ts";
import type { ControlledService, Controls, ServiceState } from "./controls.ts";

/** The version of the export document's own layout (each service's data carries its schema version apart). */
export const EXPORT_VERSION = 1;

/** A running service and the state it keeps. */
interface Stateful {
  name: ServiceName;
  state: ServiceState;
}
type WithData = Stateful & { state: Required<ServiceState> };

/**
 * Every running service back to its seed, or those `only` names (as --only takes them: a
 * comma-separated list). A name this sandbox does not run is refused before anything is reset.
 */
export async function resetServices(controls: Controls, only: string | undefined): Promise<ServiceName[]> {
  const chosen = only === undefined ? controls.services : runningOnes(controls, parseOnly(only));
  const resettable = chosen.flatMap(stateOf);
  await Promise.all(resettable.map((service) => service.state.reset()));
  return resettable.map((service) => service.name);
}

export function exportDocument(controls: Controls): ExportDocument {
  const services = Object.fromEntries(
    controls.services
      .flatMap(stateOf)
      .filter(hasData)
      .map((service) => [service.name, service.state.data.data]),
  );
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: controls.clock.now().toISOString(), services };
}

/**
 * Replaces the data of every service the document has. Each one's data is migrated forward from
 * its schema version and checked as at start, all of them before any is changed: a bad document
 * is a 400 that names the service and the field, and changes nothing.
 */
export async function importDocument(controls: Controls, document: Record<string, unknown>): Promise<ServiceName[]> {
  if (document.format !== EXPORT_FORMAT) refuse(CONTROL_TEXTS.importFormat, "/format", { format: EXPORT_FORMAT });
  const { version, services } = document;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1)
    refuse(CONTROL_TEXTS.importVersion, "/version");
  if (version > EXPORT_VERSION) refuse(CONTROL_TEXTS.importNewer, "/version", { version, known: EXPORT_VERSION });
  if (services === null || typeof services !== "object" || Array.isArray(services))
    refuse(CONTROL_TEXTS.importServices, "/services");
  const entries = Object.entries(services);
  if (entries.length === 0) refuse(CONTROL_TEXTS.importNoService, "/services");
  const accepted = entries.map(([name, data]) => {
    const service = controls.services.find((candidate) => candidate.name === name);
    if (!service) {
      if (!isOneOf(SERVICE_NAMES, name))
        refuse(CONTROL_TEXTS.importUnknownService, `/services/${name}`, {
          service: name,
          services: SERVICE_NAMES.join(", "),
        });
      failWith(CONTROL_TEXTS.importNotRunning, { values: { service: name } });
    }
    const [stateful] = stateOf(service);
    if (!stateful || !hasData(stateful)) refuse(CONTROL_TEXTS.importNoData, `/services/${name}`, { service: name });
    const result = stateful.state.data.accept(data);
    if ("problem" in result) {
      const field = `/services/${name}${result.problem.path}`;
      refuse(CONTROL_TEXTS.importBadData, field, { field, problem: result.problem.message }, service.name);
    }
    return { service: stateful, data: result.data };
  });
  await Promise.all(accepted.map(({ service, data }) => service.state.data.replace(data)));
  return accepted.map(({ service }) => service.name);
}

function parseOnly(only: string): ServiceName[] {
  return (
    parseServiceNames(only) ??
    failWith(CONTROL_TEXTS.onlyServices, {
      values: { services: SERVICE_LIST, value: JSON.stringify(only) },
      details: { field: "only" },
    })
  );
}

function runningOnes(controls: Controls, names: ServiceName[]): ControlledService[] {
  return names.map(
    (name) =>
      controls.services.find((service) => service.name === name) ??
      failWith(CONTROL_TEXTS.resetNotRunning, { values: { service: name } }),
  );
}

function stateOf({ name, service }: ControlledService): Stateful[] {
  return service.state ? [{ name, state: service.state }] : [];
}

function hasData(service: Stateful): service is WithData {
  return service.state.data !== undefined;
}

/** A bad document: the message and `details.field` name the field (a JSON pointer into the document), `details.service` its service. */
function refuse(
  text: ErrorText,
  field: string,
  values: Record<string, string | number> = {},
  service?: ServiceName,
): never {
  failWith(text, { values, details: { field, ...(service && { service }) } });
}
