/**
 * Entry point of `terraform-provider-tfkite2e` (bundled by support/build-provider.ts).
 */
import { serve } from "@tfkit/grpc-transport";
import { provider } from "./provider.js";

void serve(provider);
