import { parseServiceNames, SERVICE_LIST } from "../config/load.ts";
import { SERVICE_NAMES, type ServiceName } from "../config/options.ts";
import { fail } from "../http/errors.ts";
import type { ControlledService, Controls, ServiceState } from "./controls.ts";
import { failControl } from "./errors.ts";

/** What an export document says it is; import refuses anything else. */
export const EXPORT_FORMAT = "agent-sandbox-export";
/** The version of the export document's own layout (each service's data carries its schema version apart). */
export const EXPORT_VERSION = 1;

/** All data of the services that keep a data file, as one document. */
export interface ExportDocument {
  format: typeof EXPORT_FORMAT;
  version: number;
  /** By the sandbox clock. */
  exportedAt: string;
  /** Each service's data, as its data file holds it (with its schema `version`). */
  services: Partial<Record<ServiceName, unknown>>;
}

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
  if (document.format !== EXPORT_FORMAT) refuse("/format", `must be "${EXPORT_FORMAT}"`);
  const { version, services } = document;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1)
    refuse("/version", "must be a whole number: the export format version");
  if (version > EXPORT_VERSION)
    refuse("/version", `is ${version}, newer than this sandbox knows (${EXPORT_VERSION}): update the sandbox`);
  if (services === null || typeof services !== "object" || Array.isArray(services))
    refuse("/services", "must be an object of each service's data");
  const entries = Object.entries(services);
  if (entries.length === 0) refuse("/services", "names no service: nothing to import");
  const accepted = entries.map(([name, data]) => {
    const service = controls.services.find((candidate) => candidate.name === name);
    if (!service) {
      if (!(SERVICE_NAMES as readonly string[]).includes(name))
        refuse(`/services/${name}`, `is not a server of the sandbox (${SERVICE_NAMES.join(", ")})`);
      failControl(
        "service_not_running",
        `The document has ${name} data, but this sandbox does not run the ${name}: start it, or remove services.${name} from the document. Nothing was changed.`,
      );
    }
    const [stateful] = stateOf(service);
    if (!stateful || !hasData(stateful)) refuse(`/services/${name}`, `is there, but the ${name} keeps no data`);
    const result = stateful.state.data.accept(data);
    if ("problem" in result) refuse(`/services/${name}${result.problem.path}`, result.problem.message, service.name);
    return { service: stateful, data: result.data };
  });
  await Promise.all(accepted.map(({ service, data }) => service.state.data.replace(data)));
  return accepted.map(({ service }) => service.name);
}

function parseOnly(only: string): ServiceName[] {
  return (
    parseServiceNames(only) ??
    fail("validation_error", `"only" must be ${SERVICE_LIST}; got ${JSON.stringify(only)}`, {
      details: { field: "only" },
    })
  );
}

function runningOnes(controls: Controls, names: ServiceName[]): ControlledService[] {
  return names.map(
    (name) =>
      controls.services.find((service) => service.name === name) ??
      failControl("service_not_running", `This sandbox does not run the ${name} (see its --only): nothing was reset`),
  );
}

function stateOf({ name, service }: ControlledService): Stateful[] {
  return service.state ? [{ name, state: service.state }] : [];
}

function hasData(service: Stateful): service is WithData {
  return service.state.data !== undefined;
}

/** A bad document: the message and `details.field` name the field (a JSON pointer into the document), `details.service` its service. */
function refuse(field: string, message: string, service?: ServiceName): never {
  fail("validation_error", `Import refused, nothing was changed: ${field} ${message}`, {
    details: { field, ...(service && { service }) },
  });
}
