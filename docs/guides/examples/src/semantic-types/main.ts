#!/usr/bin/env node
import { serve } from "@tfkit/provider";
import { provider } from "../semantic-types.js";

await serve(provider);
