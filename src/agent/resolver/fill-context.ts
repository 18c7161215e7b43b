import type { ActionDefinition } from "../actions/definition.ts";
import type { Clock } from "./calendar.ts";
import type { CatalogEntry } from "./products.ts";

/** A value found for a parameter, and why (for --explain). */
export interface Found {
  value?: unknown;
  because: string;
  /** The parameter cannot be filled as asked: the follow-up question to ask instead. */
  ask?: { question: string; choices?: string[] };
  /** The question cannot become one call. */
  problem?: string;
  /** No call can serve the question as asked: refused like the others (action "none", nothing sent). */
  refuse?: boolean;
  /** The question is answered without a call (`problem` is the answer), and why. */
  answered?: string;
  /** What the answer should add, beside the call's result ("Ata Rodo is a pepper too: the search matches names"). */
  note?: string;
}

export interface FillContext {
  question: string;
  /** The question normalized, typos fixed. */
  text: string;
  catalog: readonly CatalogEntry[];
  clock: Clock;
  action: ActionDefinition;
  /** Whether the text is an answer to a follow-up (then a search takes it whole). */
  answering?: boolean;
  /** The choices the follow-up offered, repeated when the answer does not fit. */
  choices?: string[];
}
