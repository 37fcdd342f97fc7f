import { defineProvider } from "@tfkit/provider";
import { providerSchema } from "@tfkit/schema";
import { localCommandDataSource } from "./data-source-local-command.js";
import { localFileDataSource, localSensitiveFileDataSource } from "./data-source-local-file.js";
import { localCommandEphemeral } from "./ephemeral-local-command.js";
import { direxists } from "./function-direxists.js";
import { localFile } from "./resource-local-file.js";
import { localSensitiveFile } from "./resource-local-sensitive-file.js";

/**
 * The source address the port is served at (dev_overrides, reattach).
 * @category constructors
 */
export const LOCAL_PROVIDER_ADDRESS = "example.test/tfkit/local";

/**
 * `terraform-provider-local` on tfkit: `local_file` and `local_sensitive_file` (resources and
 * data sources), `local_command` (data source and ephemeral resource) and the `direxists`
 * function. No provider configuration.
 * @category models
 */
export const provider = defineProvider({
  metadata: { typeName: "local", address: LOCAL_PROVIDER_ADDRESS },
  schema: providerSchema({ attributes: {} }),
  resources: [localFile, localSensitiveFile],
  dataSources: [localFileDataSource, localSensitiveFileDataSource, localCommandDataSource],
  ephemeralResources: [localCommandEphemeral],
  functions: [direxists],
});
