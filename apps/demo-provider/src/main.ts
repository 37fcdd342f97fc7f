#!/usr/bin/env node
/** Entry point of `terraform-provider-demo` (bundled by scripts/build.mjs), as the guides write it. */
import { serve } from "@tfkit/provider";
import { provider } from "./provider.js";

await serve(provider);
