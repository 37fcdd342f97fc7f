#!/usr/bin/env node
import { serve } from "@tfkit/provider";
import { provider } from "./timeouts.js";

await serve(provider);
