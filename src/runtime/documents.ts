import type { SandboxConfig } from "../config/load.ts";
import { OPTIONS, portKey } from "../config/options.ts";
import { CONTROLS_PREFIX } from "../contracts/controls/prefix.ts";
import { urlHost } from "../host-names.ts";
import { type OpenApiDocument, openApiDocument } from "../openapi/document.ts";
import type { ServiceName } from "../service-names.ts";
import { makeTempDir } from "../temp-dirs.ts";
import { startServers } from "./sandbox.ts";

/**
 * The documents of the services as a sandbox started with these settings serves them (its wallet
 * prefix, its URLs), without one running: the services are built by a sandbox of their own, on
 * free ports and a temporary data dir, which is closed and removed at once.
 */
export async function generateDocuments(
  config: SandboxConfig,
  services: readonly ServiceName[],
  logError: (message: string) => void,
): Promise<Map<ServiceName, OpenApiDocument>> {
  const temporary = await makeTempDir("sandbox-openapi-");
  try {
    const sandbox = await startServers(
      {
        ...config,
        only: [...services],
        dataDir: temporary.path,
        fresh: true,
        storefrontPort: 0,
        walletPort: 0,
        hostPort: 0,
        controls: false,
        sessionStore: "memory",
      },
      { logError },
    );
    try {
      const documents = new Map<ServiceName, OpenApiDocument>();
      for (const { name, service } of sandbox.controls.services) {
        const label = sandbox.services.find((running) => running.name === name)?.label;
        documents.set(
          name,
          openApiDocument(service.app, {
            service: name,
            label,
            serverUrl: configuredUrl(config, name),
            leaveOut: CONTROLS_PREFIX,
          }),
        );
      }
      return documents;
    } finally {
      await sandbox.close();
    }
  } finally {
    await temporary.remove();
  }
}

/** Where the settings say the service listens; a port of 0 (any free one) is unknown beforehand, so its default stands in. */
function configuredUrl(config: SandboxConfig, service: ServiceName): string {
  const key = portKey(service);
  return `http://${urlHost(config.bind)}:${config[key] || OPTIONS.find((option) => option.key === key)!.default}`;
}
