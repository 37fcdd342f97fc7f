/** The echo provider's executable (see `echoProvider` in echo-provider.ts): serves one in-process echo provider. */
import { serve } from "@tfkit/grpc-transport";
import { newEchoProvider } from "./echo-server.js";

serve(newEchoProvider(), { providerAddress: "example.test/tfkit/echo" }).catch((error: unknown) => {
  process.stderr.write(`echo provider: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
