#!/usr/bin/env node
/** Entry point of `terraform-provider-demo` (bundled by scripts/build.mjs). */
import { serve } from "@tfkit/provider";
import { provider } from "./provider.js";

void serve(provider as unknown as Parameters<typeof serve>[0]);
