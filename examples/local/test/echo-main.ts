/** The echo provider's executable, for runAcceptance. */
import { serve } from "@tfkit/provider";
import { echoProvider } from "./echo-provider.js";

await serve(echoProvider);
