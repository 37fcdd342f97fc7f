import { defineDataSource } from "@tfkit/provider";
import { dataSourceSchema } from "@tfkit/schema";
import { commandAttributes, commandDescription, runCommand } from "./local-command.js";

/**
 * `data "local_command"`: runs an executable and returns its exit code, stdout and stderr.
 * @category models
 */
export const localCommandDataSource = defineDataSource({
  typeName: "local_command",
  schema: dataSourceSchema({
    markdownDescription: commandDescription("data source"),
    attributes: commandAttributes("data source"),
  }),
  read: async (config, ctx) => ({ ...config, ...(await runCommand("data source", config, ctx.signal)) }),
});
