import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { isOneOf } from "../choices.ts";
import { parseDuration } from "../duration.ts";
import { errnoCode, messageOf, type SandboxError, userError } from "../errors.ts";
import { parseHost } from "../host-names.ts";
import { isJsonObject } from "../json-text.ts";
import { SERVICE_NAMES, type ServiceName } from "../service-names.ts";
import { FETCH_BLOCKED_PORTS } from "./blocked-ports.ts";
import type { OptionSpec, OptionType } from "./option-spec.ts";
import { CONFIG_FILE, OPTIONS, type OptionKey } from "./options.ts";
import { parseSize } from "./size.ts";

/** What each type of setting becomes once parsed; durations are milliseconds, sizes bytes. */
interface ValueOfType {
  port: number;
  count: number;
  string: string;
  text: string;
  boolean: boolean;
  services: ServiceName[];
  hosts: string[];
  duration: number;
  size: number;
  secret: string;
  path: string;
  sessionStore: string;
  url: string;
  baseUrl: string;
}

type Option = (typeof OPTIONS)[number];

/** The typed settings every part of the sandbox receives, one key per row of the options table (config/options.ts). */
export type SandboxConfig = { readonly [O in Option as O["key"]]: ValueOfType[O["type"]] };

/** A setting with a bad value, or a config file that cannot be used: the command stops with one line naming it, a usage error. */
function configError(message: string): SandboxError {
  return userError("config_invalid", message, { exitCode: 2 });
}

export interface ConfigSources {
  /** Flags as the CLI parsed them: only those given on the command line. */
  flags?: Partial<Record<OptionKey, unknown>>;
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** A config file named with --config; without it, sandbox.config.json in cwd if present. */
  configFile?: string;
}

/** This process's environment and working directory: where a real run's settings come from. */
export function processSettingsSources(): { env: Record<string, string | undefined>; cwd: string } {
  return { env: process.env, cwd: process.cwd() };
}

/** Merges flag > env > config file > default into a checked SandboxConfig. */
export async function loadConfig(sources: ConfigSources = {}): Promise<SandboxConfig> {
  const env = sources.env ?? process.env;
  const cwd = sources.cwd ?? process.cwd();
  const file = await readConfigFile(
    sources.configFile ? resolve(cwd, sources.configFile) : resolve(cwd, CONFIG_FILE),
    Boolean(sources.configFile),
  );
  const values: Record<string, unknown> = {};
  let dataDirBase = cwd;
  for (const option of OPTIONS) {
    const flag = sources.flags?.[option.key];
    const fromEnv = env[option.env];
    const fromFile = file.values[option.key];
    const [raw, origin, source] =
      flag !== undefined
        ? [flag, option.flag, "flag"]
        : fromEnv !== undefined && fromEnv !== ""
          ? [fromEnv, option.env, "env"]
          : fromFile !== undefined
            ? [fromFile, `"${option.key}" in ${file.path}`, "file"]
            : [option.default, `the default of ${option.flag}`, "default"];
    values[option.key] = parseValue(option, raw, origin);
    // A relative path in a config file is relative to that file, as in tsconfig.json.
    if (option.key === "dataDir" && source === "file") dataDirBase = dirname(file.path);
  }
  // One value per row of the table, each parsed by its type: the shape SandboxConfig derives from the same table.
  return { ...values, dataDir: resolve(dataDirBase, values.dataDir as string) } as SandboxConfig;
}

async function readConfigFile(
  path: string,
  required: boolean,
): Promise<{ path: string; values: Record<string, unknown> }> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (!required && errnoCode(error) === "ENOENT") return { path, values: {} };
    throw configError(`Cannot read the config file ${path}: ${messageOf(error)}`);
  }
  let values: unknown;
  try {
    values = JSON.parse(text);
  } catch (error) {
    throw configError(`The config file ${path} is not valid JSON: ${messageOf(error)}`);
  }
  if (!isJsonObject(values)) throw configError(`The config file ${path} must hold a JSON object of settings.`);
  refuseUnknownSettings(values, `in ${path}`);
  return { path, values };
}

function parseValue(option: OptionSpec, raw: unknown, origin: string): ValueOfType[OptionType] {
  const text = typeof raw === "string" ? raw.trim() : raw;
  const bad = (what: string): never => {
    throw configError(`${origin} must be ${what}; got ${JSON.stringify(raw)}.`);
  };
  switch (option.type) {
    case "port": {
      const port = typeof text === "number" ? text : /^\d+$/.test(String(text)) ? Number(text) : NaN;
      if (!(Number.isInteger(port) && port >= 0 && port <= 65535)) return bad("a whole number from 0 to 65535");
      return FETCH_BLOCKED_PORTS.has(port)
        ? bad("a port that browsers and Node's fetch() may call (they refuse to connect to this one): choose another")
        : port;
    }
    case "count": {
      const count = typeof text === "number" ? text : /^\d+$/.test(String(text)) ? Number(text) : NaN;
      return Number.isSafeInteger(count) && count >= 1 ? count : bad("a whole number of at least 1");
    }
    case "boolean":
      if (typeof text === "boolean") return text;
      if (/^(1|true|yes|on)$/i.test(String(text))) return true;
      if (/^(0|false|no|off)$/i.test(String(text))) return false;
      return bad("true or false");
    case "services":
      return parseServiceNames(text) ?? bad(SERVICE_LIST);
    case "hosts": {
      const names = (Array.isArray(text) ? text : String(text).split(","))
        .map((name) => String(name).trim().toLowerCase())
        .filter(Boolean);
      return names.every((name) => parseHost(name))
        ? names
        : bad("a comma-separated list of host names, each name or name:port (such as sandbox.test,192.168.1.20:8084)");
    }
    case "duration":
      return (typeof text === "string" && parseDuration(text)) || bad("a duration such as 90s, 15m or 24h");
    case "size": {
      const bytes = typeof text === "number" ? text : typeof text === "string" ? parseSize(text) : null;
      return bytes !== null && Number.isSafeInteger(bytes) && bytes >= 0
        ? bytes
        : bad("a size such as 512KiB, 4MiB or 1GB (or a number of bytes)");
    }
    case "secret":
      if (typeof text !== "string" || Buffer.byteLength(text) < 32) {
        throw configError(`${origin} must be at least 32 bytes long; choose a longer secret.`);
      }
      // A header carries ASCII as given; other characters each client sends its own way (or not at
      // all), and a space ends a bearer token: no request could ever match the secret.
      if (option.header && !/^[\x21-\x7e]+$/.test(text)) {
        throw configError(
          `${origin} must be printable ASCII with no spaces: it travels in an ${option.header} header, which cannot carry other characters as given.`,
        );
      }
      return text;
    case "path":
      return typeof text === "string" && /^(\/[\w.~-]+)+$/.test(text)
        ? text
        : bad("a path such as /api/wallet (segments of letters, digits, . _ ~ -, no trailing slash)");
    case "sessionStore":
      return typeof text === "string" && (text === "memory" || text === "file" || /^rediss?:\/\/\S+$/.test(text))
        ? text
        : bad("memory, file, or a redis:// URL");
    case "baseUrl":
      return typeof text === "string" && (text === "auto" || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(text))
        ? text.replace(/\/+$/, "")
        : bad("auto, or an http(s) URL with no query or fragment, such as http://127.0.0.1:8083");
    case "url":
      return typeof text === "string" && (text === "auto" || /^https?:\/\/[^\s/?#]+\S*$/.test(text))
        ? text.includes("?")
          ? text
          : text.replace(/\/+$/, "")
        : bad("auto, or an http(s) URL");
    case "string":
      return typeof text === "string" && text !== "" ? text : bad("a non-empty text");
    case "text":
      // Kept as given: a password may begin or end with a space.
      return typeof raw === "string" ? raw : bad("a text");
  }
}

/** What --only and the controls' `only` take. */
export const SERVICE_LIST = `a comma-separated list of ${SERVICE_NAMES.join(", ")}`;

/** Server names as --only takes them (a comma-separated list, or an array in a config file), in start order; null if any is unknown or none is given. */
export function parseServiceNames(given: unknown): ServiceName[] | null {
  const names = (Array.isArray(given) ? given : String(given).split(","))
    .map((name) => String(name).trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => isOneOf(SERVICE_NAMES, name))
    ? SERVICE_NAMES.filter((name) => names.includes(name))
    : null;
}

/** Settings by their keys (a config file's, or `startSandbox`'s `settings`): a key no setting has is a mistake, named with the known ones. */
export function refuseUnknownSettings(values: object, where: string): void {
  const known = new Set<string>(OPTIONS.map((option) => option.key));
  const unknown = Object.keys(values).filter((key) => !known.has(key));
  if (unknown.length > 0)
    throw configError(
      `Unknown setting ${unknown.map((key) => `"${key}"`).join(", ")} ${where}. Known settings: ${[...known].join(", ")}.`,
    );
}
