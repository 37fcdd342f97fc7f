import { withClient } from "@tfkit/provider";
import type { DemoCloud } from "./cloud.js";

/**
 * `defineResource` / `defineDataSource` with the demo cloud as `ctx.client`.
 * @category constructors
 */
export const { defineResource, defineDataSource } = withClient<DemoCloud>();
