#!/usr/bin/env node
import { serve } from "@tfkit/provider";
import { provider } from "./number-kinds.js";

await serve(provider);
