#!/usr/bin/env node
/** The executable Terraform starts (`terraform-provider-local`): serves the port over gRPC. */
import { serve } from "@tfkit/provider";
import { provider } from "./provider.js";

await serve(provider);
