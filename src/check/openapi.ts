import { OPENAPI_PATH } from "../contracts/service-routes.ts";
import type { FromSchema } from "../json-schema.ts";
import { parseJson } from "../json-text.ts";
import { conforms } from "../json-validator.ts";
import type { ServiceName } from "../service-names.ts";
import { excerpt } from "./http.ts";
import type { RunContext } from "./run-context.ts";

/** The parts of an OpenAPI 3.1 document the checks read: a deployment's is read only once it has them. */
const OPENAPI_PARTS = {
  type: "object",
  required: ["openapi", "paths"],
  properties: {
    openapi: { type: "string" },
    servers: { type: "array", items: { type: "object", required: ["url"], properties: { url: { type: "string" } } } },
    paths: { type: "object", additionalProperties: { type: "object" } },
    components: { type: "object", additionalProperties: { type: "object" } },
  },
} as const;
export type OpenApiDocument = FromSchema<typeof OPENAPI_PARTS>;

/** A document and where it came from; `own` when the deployment serves none and the sandbox's stands in. */
export type LoadedDocument = { document: OpenApiDocument; source: string; own?: boolean } | { missing: string };

/**
 * The sandbox's own document of a service, for a deployment that serves none: the contract the
 * sandbox keeps, with the deployment's wallet prefix (built as `sandbox openapi` builds it).
 */
export async function sandboxDocument(
  service: ServiceName,
  walletPrefix: string,
): Promise<OpenApiDocument | undefined> {
  const [{ loadConfig }, { generateDocuments }] = await Promise.all([
    import("../config/load.ts"),
    import("../runtime/documents.ts"),
  ]);
  const config = await loadConfig({ flags: { walletPrefix }, env: {} });
  const documents = await generateDocuments(config, [service], () => {});
  return documents.get(service);
}

/** `<base>/openapi.json` of the service, read once per run; the sandbox's own when it serves none. */
export function openApiDocument(run: RunContext, service: ServiceName): Promise<LoadedDocument> {
  return run.once(`openapi ${service}`, async (http): Promise<LoadedDocument> => {
    const url = `${run.url(service)}${OPENAPI_PATH}`;
    const answer = await http.get(url);
    let problem: string;
    if (answer.status === 200) {
      const document = parse(answer.text);
      if (document) return { document, source: url };
      problem = `${url} is not an OpenAPI document (${excerpt(answer.text, 60)})`;
    } else problem = `${url} answered ${answer.status}`;
    const own = await sandboxDocument(service, run.target.walletPrefix);
    return own
      ? { document: own, source: `the sandbox's own ${service} document (${problem})`, own: true }
      : { missing: `no OpenAPI document: ${problem}` };
  });
}

function parse(text: string): OpenApiDocument | undefined {
  const document = parseJson(text);
  return conforms(OPENAPI_PARTS, document) ? document : undefined;
}
