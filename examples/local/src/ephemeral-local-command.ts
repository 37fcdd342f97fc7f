import { defineEphemeralResource } from "@tfkit/provider";
import { ephemeralResourceSchema } from "@tfkit/schema";
import { commandAttributes, commandDescription, runCommand } from "./local-command.js";

/**
 * `ephemeral "local_command"`: the data source's command, run at every open and never stored.
 * @category models
 */
export const localCommandEphemeral = defineEphemeralResource({
  typeName: "local_command",
  schema: ephemeralResourceSchema({
    markdownDescription: commandDescription("ephemeral resource"),
    attributes: commandAttributes("ephemeral resource"),
  }),
  open: async (config, ctx) => ({
    ...config,
    ...(await runCommand("ephemeral resource", config, ctx.signal)),
  }),
});
