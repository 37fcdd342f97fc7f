/**
 * Entry point of `terraform-provider-tfdiff` (bundled by test/support/build-provider.ts). The
 * scenario comes from `TFDIFF_SCENARIO`, the record file from `TFDIFF_RECORD`; terraform passes
 * its environment on to the providers it starts.
 */
import { serve } from "@tfkit/grpc-transport";
import { createProvider } from "./provider.js";
import { PROVIDER_SOURCE } from "./schema.js";
import { scenarioNamed } from "./scenarios.js";

const scenario = scenarioNamed(process.env.TFDIFF_SCENARIO ?? "");
const recordFile = process.env.TFDIFF_RECORD;
if (!recordFile) throw new Error("TFDIFF_RECORD is not set");

void serve(createProvider(scenario, recordFile), { providerAddress: PROVIDER_SOURCE });
