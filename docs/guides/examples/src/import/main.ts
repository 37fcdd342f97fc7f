#!/usr/bin/env node
import { serve } from "@tfkit/provider";
import { provider } from "./membership.js";

await serve(provider);
