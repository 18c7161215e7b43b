import type { SandboxConfig } from "../../config/load.ts";
import { OPTIONS } from "../../config/options.ts";
import { loadDefaultClients } from "../../wallet/oauth/clients.ts";
import { identify } from "./capture.ts";
import { Journal } from "./journal.ts";
import { createMasker } from "./mask.ts";

/** The sandbox's request journal, masking, wherever they show up, every secret of the settings and the default OAuth client's secret. */
export async function openJournal(config: SandboxConfig): Promise<Journal> {
  const settings = OPTIONS.filter((option) => option.type === "secret").map((option) => String(config[option.key]));
  const clients = (await loadDefaultClients()).map((client) => client.secret);
  return new Journal({
    size: config.journalSize,
    bodyBudget: config.journalBodyMemory,
    masker: createMasker([...settings, ...clients]),
    identify: (captured) => identify(captured, config.bffServiceToken),
  });
}
