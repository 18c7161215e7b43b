import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { loadConfig } from "../../src/config/load.ts";
import { FAULT_TEXTS } from "../../src/contracts/controls/fault-errors.ts";
import { CONTROLS_PREFIX } from "../../src/contracts/controls/prefix.ts";
import type { OpenApiDocument } from "../../src/openapi/document.ts";
import { generateDocuments } from "../../src/runtime/documents.ts";
import { SERVICE_NAMES, type ServiceName, type ServiceUrls } from "../../src/service-names.ts";

/** An answer of a server, as a client got it. */
export interface Answer {
  method: string;
  url: string;
  status: number;
  contentType: string | null;
  /** The parsed body of a JSON answer. */
  body?: unknown;
}

type Operation = { responses: Record<string, ResponseObject> };
type ResponseObject = {
  $ref?: string;
  content?: Record<string, { schema: unknown; examples?: Record<string, { value: unknown }> }>;
};

/**
 * Checks answers against the OpenAPI document of the server that gave them: the operation of the
 * path and method, the status among its responses, the media type among that response's, the
 * JSON body against its schema and, for an error, its code and text among the examples. Objects
 * are checked closed (a property the document does not name is a mismatch): the sandbox answers
 * exactly what its document says.
 */
export class AnswerChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: { template: string; pattern: RegExp }[];

  constructor(private readonly document: OpenApiDocument) {
    this.ajv.addSchema(closed(document) as object, "openapi");
    // Literal paths before templated ones, so that /api/products is not taken for /api/{x}.
    this.templates = Object.keys(document.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}$`),
      }))
      .sort((a, b) => a.template.split("{").length - b.template.split("{").length);
  }

  /** What is wrong with the answer; none when it is what the document says. */
  problems(answer: Answer): string[] {
    // The router takes /embed/ for /embed.
    const pathname = new URL(answer.url).pathname.replace(/(.)\/$/, "$1");
    const method = answer.method === "HEAD" ? "get" : answer.method.toLowerCase();
    if (pathname.startsWith(CONTROLS_PREFIX) || method === "options") return [];
    // A HEAD's error has no body to tell a sandbox fault (any status) from the route's own.
    if (answer.method === "HEAD" && answer.status >= 400) return [];
    const template = this.templates.find(({ pattern }) => pattern.test(pathname))?.template;
    const operation =
      template === undefined ? undefined : (this.document.paths[template]?.[method] as Operation | undefined);
    // No route (404): the usual error shape; not this method (405): that of the path's errors (RFC 6749's on the token endpoint).
    if (!template) return this.errorShapeProblems(answer, `${answer.method} ${pathname} (no route)`);
    if (!operation)
      return this.errorShapeProblems(
        answer,
        `${answer.method} ${template} (no such operation)`,
        this.pathErrorSchema(template),
      );
    const where = `${answer.method} ${template} → ${answer.status}`;
    if (isInjectedFault(answer.body)) return this.errorShapeProblems(answer, where, this.pathErrorSchema(template));
    const [pointer, response] = this.response(template, method, operation, answer.status);
    if (!response)
      return [`${where}: the status is not documented (documented: ${Object.keys(operation.responses).join(", ")})`];
    if (!response.content || answer.method === "HEAD") return [];
    const mediaType = (answer.contentType ?? "").split(";")[0]!.trim().toLowerCase();
    const media = response.content[mediaType];
    if (!media)
      return [
        `${where}: Content-Type ${answer.contentType} is not documented (documented: ${Object.keys(response.content).join(", ")})`,
      ];
    if (mediaType !== "application/json") return [];
    const schemaProblems = this.schemaProblems(`${pointer}/content/${pointerToken(mediaType)}/schema`, answer.body).map(
      (problem) => `${where}: ${problem}`,
    );
    if (schemaProblems.length > 0 || answer.status < 400 || !media.examples) return schemaProblems;
    if (Object.values(media.examples).some((example) => matchesExample(answer.body, example.value))) return [];
    return [
      `${where}: the error ${JSON.stringify(answer.body)} is none of the documented ones (${Object.values(
        media.examples,
      )
        .map((example) => JSON.stringify(example.value))
        .join("; ")})`,
    ];
  }

  /** The documented response of the status (through a $ref to components.responses), with the JSON pointer it is at. */
  private response(
    template: string,
    method: string,
    operation: Operation,
    status: number,
  ): [string, ResponseObject | undefined] {
    const response = operation.responses[String(status)];
    const ref = response?.$ref;
    if (ref === undefined) return [`#/paths/${pointerToken(template)}/${method}/responses/${status}`, response];
    const name = ref.slice("#/components/responses/".length);
    return [
      `#/components/responses/${name}`,
      (this.document.components.responses as Record<string, ResponseObject>)[name],
    ];
  }

  private errorShapeProblems(answer: Answer, where: string, pointer = "#/components/schemas/Error"): string[] {
    if (answer.method === "HEAD") return [];
    return this.schemaProblems(pointer, answer.body).map((problem) => `${where}: ${problem}`);
  }

  /** The schema of the JSON errors of a path's operations. */
  private pathErrorSchema(template: string): string {
    for (const [method, operation] of Object.entries(this.document.paths[template] ?? {})) {
      for (const [status, response] of Object.entries((operation as Operation).responses)) {
        if (Number(status) >= 400 && response.content?.["application/json"])
          return `#/paths/${pointerToken(template)}/${method}/responses/${status}/content/application~1json/schema`;
      }
    }
    return "#/components/schemas/Error";
  }

  private schemaProblems(pointer: string, body: unknown): string[] {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi${pointer}` });
      this.validators.set(pointer, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (error) =>
        `${error.instancePath || "the body"} ${error.message}${error.params && "unevaluatedProperty" in error.params ? ` (${String(error.params.unevaluatedProperty)})` : ""}`,
    );
  }
}

/** Whether an error body is one of the examples: the same code, a text that the example's text matches. */
function matchesExample(body: unknown, example: unknown): boolean {
  if (typeof body !== "object" || body === null || typeof example !== "object" || example === null) return false;
  return Object.entries(example).every(([key, value]) => {
    const given = (body as Record<string, unknown>)[key];
    if (typeof value !== "string" || typeof given !== "string") return JSON.stringify(value) === JSON.stringify(given);
    return matchesText(given, value);
  });
}

/** Whether a text is the documented one, its `{name}` parts standing for any text. */
function matchesText(text: string, documented: string): boolean {
  const pattern = documented
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[\\s\\S]*");
  return new RegExp(`^${pattern}$`).test(text);
}

/** An answer of a sandbox fault, in either error shape: any route may give one, with any status. */
function isInjectedFault(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const { error, error_description: description } = body as { error?: unknown; error_description?: unknown };
  return [error, description].some((text) => typeof text === "string" && matchesText(text, FAULT_TEXTS.injected.text));
}

/** A copy of the document (or of one schema) in which every object schema that names its properties allows no others. */
export function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (node === null || typeof node !== "object") return node;
  const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, closed(value)]));
  const opened = "additionalProperties" in copy || "unevaluatedProperties" in copy;
  return "properties" in copy && typeof copy.properties === "object" && !opened
    ? { ...copy, unevaluatedProperties: false }
    : copy;
}

/** A JSON pointer token. */
function pointerToken(token: string): string {
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** The checkers of the servers that tests run, by origin: what the patched fetch looks up. */
const checkers = new Map<string, AnswerChecker>();
/** The checkers of each service's document, by wallet prefix (the one setting that changes the documents), made once per test process. */
const byPrefix = new Map<string, Promise<Map<ServiceName, AnswerChecker>>>();
let patched = false;

/**
 * From now until the test ends, every answer these servers give to a fetch of this process (the
 * test's, and those of the CLI, the agent, the UI and the host app's calls to the wallet when they
 * run in-process) is checked against the server's OpenAPI document: a mismatch fails the fetch,
 * with what differs. The documents are those the servers serve at GET /openapi.json, made here by
 * the same code rather than asked for, so that no request shows in the servers' journals or meets
 * their faults.
 */
export async function checkAnswers(
  t: { after(fn: () => unknown): void },
  urls: ServiceUrls,
  walletPrefix = "/api/wallet",
): Promise<void> {
  if (!patched) patchFetch();
  patched = true;
  let made = byPrefix.get(walletPrefix);
  if (!made) {
    made = checkersFor(walletPrefix);
    byPrefix.set(walletPrefix, made);
  }
  const services = await made;
  const origins = Object.entries(urls).map(([service, url]) => {
    const { origin } = new URL(url);
    checkers.set(origin, services.get(service as ServiceName)!);
    return origin;
  });
  t.after(() => {
    for (const origin of origins) checkers.delete(origin);
  });
}

async function checkersFor(walletPrefix: string): Promise<Map<ServiceName, AnswerChecker>> {
  // Settings of their own: no environment, and a folder without a sandbox.config.json.
  const config = await loadConfig({
    env: {},
    cwd: fileURLToPath(new URL(".", import.meta.url)),
    flags: { walletPrefix },
  });
  const documents = await generateDocuments(config, SERVICE_NAMES, (message) => process.stderr.write(`${message}\n`));
  return new Map([...documents].map(([service, document]) => [service, new AnswerChecker(document)]));
}

function patchFetch(): void {
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = response.url || (input instanceof Request ? input.url : String(input));
    const checker = checkers.get(URL.parse(url)?.origin ?? "");
    if (!checker) return response;
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const contentType = response.headers.get("content-type");
    const json = /^application\/json\b/i.test(contentType ?? "") && method !== "HEAD";
    const body = json
      ? await response
          .clone()
          .json()
          .catch(() => "(not JSON)")
      : undefined;
    const problems = checker.problems({ method, url, status: response.status, contentType, body });
    if (problems.length > 0)
      throw new Error(`The answer differs from the server's OpenAPI document:\n${problems.join("\n")}`);
    return response;
  };
}
