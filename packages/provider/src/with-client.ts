import type { Schema } from "@tfkit/schema";
import { type DataSourceDefinition, type DataSourceType, defineDataSource } from "./data-source.js";
import {
  defineEphemeralResource,
  type EphemeralResourceDefinition,
  type EphemeralResourceType,
} from "./ephemeral-resource.js";
import { defineResource, type ResourceDefinition, type ResourceType } from "./resource.js";

/**
 * The `define*` functions with the client type fixed, so hooks get a typed `ctx.client`
 * without annotations.
 *
 * @remarks TypeScript cannot infer the client type of a resource from the provider it is later
 * handed to; this fixes it once per provider module.
 * @example
 * ```ts
 * const { defineResource } = withClient<DemoClient>();
 * const server = defineResource({ ..., create: async (plan, ctx) => ({ ...plan, id: await ctx.client.create(plan.name) }) });
 * ```
 * @category constructors
 */
export function withClient<C>(): {
  /** {@link defineResource} with the client type `C`. */
  defineResource<S extends Schema, P = unknown>(
    definition: ResourceDefinition<S, C, P>,
  ): ResourceType<S, C, P>;
  /** {@link defineDataSource} with the client type `C`. */
  defineDataSource<S extends Schema>(definition: DataSourceDefinition<S, C>): DataSourceType<S, C>;
  /** {@link defineEphemeralResource} with the client type `C`. */
  defineEphemeralResource<S extends Schema, P = unknown>(
    definition: EphemeralResourceDefinition<S, C, P>,
  ): EphemeralResourceType<S, C, P>;
} {
  return { defineResource, defineDataSource, defineEphemeralResource };
}
