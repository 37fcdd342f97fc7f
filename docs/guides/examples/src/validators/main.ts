#!/usr/bin/env node
import { serve } from "@tfkit/provider";
import { provider } from "../validators.js";

await serve(provider);
