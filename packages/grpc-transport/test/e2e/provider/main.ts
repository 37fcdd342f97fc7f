/**
 * Entry point of `terraform-provider-tfkite2e` (bundled by support/build-provider.ts).
 * `--debug` starts it standalone and prints the TF_REATTACH_PROVIDERS value.
 */
import { serve } from "@tfkit/grpc-transport";
import { provider } from "./provider.js";

void serve(provider, { providerAddress: "example.test/tfkit/tfkite2e" });
