/** What a setting's value is, which says how the CLI, the environment and the config file are read for it. */
export type OptionType =
  | "port"
  | "count"
  | "string"
  | "text"
  | "boolean"
  | "services"
  | "hosts"
  | "duration"
  | "size"
  | "secret"
  | "path"
  | "sessionStore"
  | "url"
  | "baseUrl";

/** A row of the options table (options.ts): one setting, its flag, its environment variable and its default. */
export interface OptionSpec {
  key: string;
  flag: string;
  env: string;
  type: OptionType;
  default: string | number | boolean;
  description: string;
  /** The value's name in --help, where the type alone does not say it. */
  arg?: string;
  /** The one command whose flag it is; without it, a setting of `sandbox start` (which the other commands read too). */
  command?: "check";
  /** Where a secret travels when it is a header's value: it must then be one a header carries as given. */
  header?: string;
}
