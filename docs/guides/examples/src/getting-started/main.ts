#!/usr/bin/env node
import { serve } from "@tfkit/provider";
import { provider } from "./provider.js";

await serve(provider);
