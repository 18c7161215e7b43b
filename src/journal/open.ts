import type { SandboxConfig } from "../config/load.ts";
import { OPTIONS } from "../config/options.ts";
import { createMasker } from "../mask.ts";
import { identify } from "./capture.ts";
import { Journal } from "./journal.ts";

/** The sandbox's request journal, masking, wherever they show up, every secret of the settings and the `others` given (the default OAuth client's secret). */
export function openJournal(config: SandboxConfig, others: readonly string[]): Journal {
  const settings = OPTIONS.filter((option) => option.type === "secret").map((option) => String(config[option.key]));
  return new Journal({
    size: config.journalSize,
    bodyBudget: config.journalBodyMemory,
    masker: createMasker([...settings, ...others]),
    identify: (captured) => identify(captured, config.bffServiceToken),
  });
}
