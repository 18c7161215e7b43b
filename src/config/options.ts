/**
 * Every setting of `sandbox start`, in one table: the CLI registers its flags from it, the config
 * loader reads the environment and sandbox.config.json with it, and the README documents it.
 * Precedence: flag > environment variable > config file > default.
 */
import type { ServiceName } from "../service-names.ts";
import { CHECK_OPTIONS } from "./check-options.ts";
import type { OptionSpec } from "./option-spec.ts";

/** Each server's port setting is named after it; the table below must have one row for each. */
export type PortKey = `${ServiceName}Port`;

export function portKey(service: ServiceName): PortKey {
  return `${service}Port`;
}

export const OPTIONS = [
  {
    key: "storefrontPort",
    flag: "--storefront-port",
    env: "STOREFRONT_PORT",
    type: "port",
    default: 8084,
    description: "storefront port (0 picks a free one)",
  },
  {
    key: "walletPort",
    flag: "--wallet-port",
    env: "WALLET_PORT",
    type: "port",
    default: 8083,
    description: "wallet port (0 picks a free one)",
  },
  {
    key: "hostPort",
    flag: "--host-port",
    env: "HOST_PORT",
    type: "port",
    default: 8085,
    description: "host app port (0 picks a free one)",
  },
  {
    key: "bind",
    flag: "--bind",
    env: "BIND",
    type: "string",
    arg: "address",
    default: "127.0.0.1",
    description: "address the servers listen on (0.0.0.0 for every interface)",
  },
  {
    key: "allowedHosts",
    flag: "--allowed-hosts",
    env: "ALLOWED_HOSTS",
    type: "hosts",
    default: "",
    description:
      "more names the servers answer to, comma-separated: name (any port) or name:port; loopback and the bind address always work",
  },
  {
    key: "maxConnections",
    flag: "--max-connections",
    env: "MAX_CONNECTIONS",
    type: "count",
    default: 1000,
    description:
      "most open connections per server; when full, the oldest idle one is closed to make room. Event streams may hold 4 in 5 of them; past that a new stream is refused (503)",
  },
  {
    key: "dataDir",
    flag: "--data-dir",
    env: "DATA_DIR",
    type: "string",
    arg: "dir",
    default: "./data",
    description: "folder for the JSON data files",
  },
  {
    key: "fresh",
    flag: "--fresh",
    env: "FRESH",
    type: "boolean",
    default: false,
    description: "drop the data files and load the seed again",
  },
  {
    key: "only",
    flag: "--only",
    env: "ONLY",
    type: "services",
    default: "storefront,wallet,host",
    description: "comma-separated servers to run: storefront, wallet, host",
  },
  {
    key: "walletPrefix",
    flag: "--wallet-prefix",
    env: "WALLET_PREFIX",
    type: "path",
    arg: "path",
    default: "/api/wallet",
    description: "path prefix of the wallet routes (balance, transactions)",
  },
  {
    key: "sessionStore",
    flag: "--session-store",
    env: "SESSION_STORE",
    type: "sessionStore",
    arg: "store",
    default: "memory",
    description: "where agent sessions live: memory, file (in the data dir) or a redis:// URL",
  },
  {
    key: "walletUrl",
    flag: "--wallet-url",
    env: "WALLET_URL",
    type: "baseUrl",
    arg: "url",
    default: "auto",
    description: "the wallet the host app calls; auto is this sandbox's wallet",
  },
  {
    key: "embedBase",
    flag: "--embed-base",
    env: "EMBED_BASE",
    type: "url",
    arg: "url",
    default: "auto",
    description: "base URL of the chat embed; auto is /embed on the host app",
  },
  {
    key: "tokenTtl",
    flag: "--token-ttl",
    env: "TOKEN_TTL",
    type: "duration",
    default: "24h",
    description: "lifetime of the JWTs that login issues (e.g. 90s, 15m, 24h)",
  },
  {
    key: "sseHeartbeat",
    flag: "--sse-heartbeat",
    env: "SSE_HEARTBEAT",
    type: "duration",
    default: "15s",
    description: "interval of the `: ping` comment on event streams",
  },
  {
    key: "journalSize",
    flag: "--journal-size",
    env: "JOURNAL_SIZE",
    type: "count",
    default: 1000,
    description: "requests each server keeps in the request journal (sandbox journal); the oldest make room",
  },
  {
    key: "journalBodyMemory",
    flag: "--journal-body-memory",
    env: "JOURNAL_BODY_MEMORY",
    type: "size",
    default: "4MiB",
    description:
      "memory the bodies in each server's journal may take (such as 512KiB or 16MiB); past it, the oldest requests make room",
  },
  {
    key: "storefrontJwtSecret",
    flag: "--storefront-jwt-secret",
    env: "STOREFRONT_JWT_SECRET",
    type: "secret",
    default: "dev-storefront-jwt-secret-not-for-production",
    description: "HS256 secret of storefront JWTs (at least 32 bytes)",
  },
  {
    key: "walletJwtSecret",
    flag: "--wallet-jwt-secret",
    env: "WALLET_JWT_SECRET",
    type: "secret",
    default: "dev-wallet-jwt-secret-not-for-production-use",
    description: "HS256 secret of wallet JWTs (at least 32 bytes)",
  },
  {
    key: "bffServiceToken",
    flag: "--bff-service-token",
    env: "BFF_SERVICE_TOKEN",
    type: "secret",
    default: "dev-bff-service-token-not-for-production-use",
    description: "static token the agent sends to the BFF routes (at least 32 bytes)",
    header: "Authorization: Bearer",
  },
  {
    key: "signingSecret",
    flag: "--signing-secret",
    env: "SIGNING_SECRET",
    type: "secret",
    default: "dev-embed-identity-signing-secret-not-for-prod",
    description: "HS256 secret of embed identity JWTs (at least 32 bytes)",
  },
  {
    key: "identityMaxLifetime",
    flag: "--identity-max-lifetime",
    env: "IDENTITY_MAX_LIFETIME",
    type: "duration",
    default: "24h",
    description:
      "longest lifetime of an embed identity token that is accepted (exp - iat; exp - now without iat), and that `identity sign --ttl` gives",
  },
  {
    key: "controls",
    flag: "--controls",
    env: "CONTROLS",
    type: "boolean",
    default: true,
    description:
      "serve the /__sandbox/ controls (reset, clock, faults, …) on every server; --no-controls: none at all (404)",
  },
  {
    key: "controlToken",
    flag: "--control-token",
    env: "CONTROL_TOKEN",
    type: "secret",
    default: "dev-sandbox-control-token-not-for-production",
    description:
      "token the /__sandbox/ controls demand (Authorization: Bearer) when the servers bind a non-loopback address (at least 32 bytes)",
    header: "Authorization: Bearer",
  },
  ...CHECK_OPTIONS,
] as const satisfies readonly OptionSpec[];

export type OptionKey = (typeof OPTIONS)[number]["key"];

/** The config file looked for in the working directory, unless --config names another. */
export const CONFIG_FILE = "sandbox.config.json";
