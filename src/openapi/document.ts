import type { H3 } from "h3";
import { HTTP_TEXTS } from "../contracts/http-errors.ts";
import type { RouteContract, SecurityScheme, Tag } from "../contracts/route-contract.ts";
import { appRoutes } from "../http/route-table.ts";
import { packageLicense, packageVersion } from "../version.ts";
import { hoistNamedSchemas } from "./components.ts";
import { responsesOf } from "./error-responses.ts";
import { openApiPath, operationOf } from "./operation.ts";

export interface DocumentOptions {
  /** The service's name (storefront, wallet, host). */
  service: string;
  /** How people call it ("host app"). */
  label?: string;
  /** The URL the document describes: where it is served from. */
  serverUrl: string;
  /** Routes under this prefix are left out: the sandbox's own controls, which the real services do not have. */
  leaveOut?: string;
}

/** The parts of an OpenAPI document that readers of it (tests, the CLI) look into. */
export interface OpenApiDocument {
  openapi: string;
  info: {
    title: string;
    version: string;
    description: string;
    contact: { name: string };
    license: { name: string; identifier: string };
  };
  servers: { url: string; description: string }[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
  [key: string]: unknown;
}

/** package.json names no repository or issue tracker to link to: the authors, as the LICENSE names them. */
const CONTACT = { name: "The agent-commerce-sandbox authors" };

/** Before any route, every server refuses a Host it is not known by. */
const UNKNOWN_HOST = HTTP_TEXTS.unknownHost;

/**
 * The OpenAPI 3.1 document of a service app, made from its routes' contracts (read when asked, so
 * that no route is missed): every route but the left-out ones must have one.
 */
export function openApiDocument(app: H3, options: DocumentOptions): OpenApiDocument {
  const name = options.label ?? options.service;
  const license = packageLicense();
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Map<string, Tag>();
  const schemes = new Map<string, SecurityScheme>();
  for (const route of appRoutes(app)) {
    if (options.leaveOut && route.path.startsWith(options.leaveOut)) continue;
    const contract = route.meta as RouteContract;
    if (!contract.responses)
      throw new Error(
        `${route.method} ${route.path} has no contract: give its route one (see src/contracts/route-contract.ts)`,
      );
    if (contract.method && contract.method !== route.method)
      throw new Error(
        `${route.method} ${route.path} is registered for another method than its contract's ${contract.method}`,
      );
    const path = openApiPath(route.path);
    const { operation, schemes: used } = operationOf(path, contract);
    Object.assign(operation.responses as object, {
      [UNKNOWN_HOST.status]: { $ref: "#/components/responses/UnknownHost" },
    });
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation;
    tags.set(contract.tag.name, contract.tag);
    for (const scheme of used) schemes.set(scheme.name, scheme);
  }
  const hoisted = hoistNamedSchemas({
    paths,
    responses: { UnknownHost: responsesOf([UNKNOWN_HOST])[UNKNOWN_HOST.status] },
  });
  return {
    openapi: "3.1.0",
    info: {
      title: `Agent sandbox: ${name}`,
      version: packageVersion(),
      description: description(name),
      contact: CONTACT,
      license: { name: license, identifier: license },
    },
    servers: [{ url: options.serverUrl, description: `This sandbox's ${name}` }],
    tags: [...tags.values()],
    paths: hoisted.paths as OpenApiDocument["paths"],
    components: {
      schemas: hoisted.schemas,
      responses: hoisted.responses,
      securitySchemes: Object.fromEntries(
        [...schemes.values()].map((scheme) => [scheme.name, scheme.scheme(options.serverUrl)]),
      ),
    },
  };
}

function description(name: string): string {
  return [
    `The ${name} of the agent sandbox, a local stand-in for the real service: what it takes and answers.`,
    'Every error but the token endpoint\'s is JSON `{"error", "code"}` (sometimes with `details` and `hint`); each error response lists its texts as examples, `{name}` marking what a request fills in.',
    "Besides those, any route may answer a fault injected with `npx sandbox fault` (code `injected_fault`, with the status the fault names), and a request the server cannot take (headers too large: 431, too slow: 408, malformed: 400) is answered in the usual shape before it reaches any route.",
    "The sandbox's own controls (under /__sandbox/: reset, clock, faults, triggers, journal) are not part of this contract: see docs/controls.md in the agent-commerce-sandbox package.",
  ].join("\n\n");
}
