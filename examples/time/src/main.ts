#!/usr/bin/env node
/** Entry point of `terraform-provider-time` (bundled by the tests' launcher, `fromEntry`). */
import { serve } from "@tfkit/provider";
import { clockFromEnv } from "./clock.js";
import { createProvider } from "./provider.js";

await serve(createProvider(clockFromEnv()));
