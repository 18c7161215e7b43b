import { Command } from "commander";
import { SCENARIO_SCHEMA_PATH } from "../contracts/service-routes.ts";
import { packagePath } from "../package-files.ts";
import { SCENARIO_SCHEMA } from "../scenario-schema.ts";
import { helpText } from "./help-text.ts";
import type { Cli } from "./io.ts";

export function schemaCommand(cli: Cli): Command {
  return new Command("schema")
    .addHelpText(
      "after",
      helpText({
        notes: [
          "Needs no running sandbox. The same schema is every server's GET",
          `${SCENARIO_SCHEMA_PATH}, and the package ships it as a file, for an editor's YAML or JSON`,
          `schema setting: ${packagePath("docs/scenario.schema.json")}`,
          `(in a project that installed the package: node_modules/agent-commerce-sandbox/docs/scenario.schema.json).`,
        ],
        examples: [
          "npx sandbox schema > scenario.schema.json",
          "npx sandbox schema | jq '.$defs.step.properties | keys'",
        ],
      }),
    )
    .action(() => cli.print(JSON.stringify(SCENARIO_SCHEMA, null, 2)));
}
