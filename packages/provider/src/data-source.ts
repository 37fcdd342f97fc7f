import type { MaybePromise } from "@tfkit/grpc-transport";
import type { Config, KnownConfig, Schema, State } from "@tfkit/schema";
import type { ReadContext, ValidateContext } from "./context.js";
import { checkTypeName, type Duration } from "./resource.js";

/**
 * Everything a data source is: its schema and its hooks.
 * @typeParam S - the data source schema (`dataSourceSchema({...})`).
 * @typeParam C - the client the provider's `configure` returns.
 * @category models
 */
export interface DataSourceDefinition<S extends Schema, C = unknown> {
  /** The data source type name, e.g. `demo_image`. */
  readonly typeName: string;
  /** The data source schema. */
  readonly schema: S;
  /**
   * Reads the data: gets the configuration (wholly known: Terraform defers the read until it
   * is) and returns the whole object, computed attributes filled in.
   */
  read(config: KnownConfig<S>, ctx: ReadContext<C, never>): MaybePromise<State<S>>;
  /** Extra configuration checks beyond the schema's. */
  validateConfig?(config: Config<S>, ctx: ValidateContext): MaybePromise<void>;
  /**
   * How long `read` may take before its signal aborts, when the configuration's `timeouts`
   * block (`timeoutsBlock({ read: true })` of `@tfkit/schema`) sets no `read` duration.
   */
  readonly timeouts?: {
    /** Limit for `read`: milliseconds, or Go duration text such as `"30s"`. */
    readonly read?: Duration;
  };
}

/**
 * A defined data source, ready to hand to `defineProvider`.
 * @category models
 */
export interface DataSourceType<S extends Schema = Schema, C = unknown> {
  /** Discriminant. */
  readonly kind: "data_source";
  /** The data source type name. */
  readonly typeName: string;
  /** The schema. */
  readonly schema: S;
  /** The definition as given. */
  readonly definition: DataSourceDefinition<S, C>;
  /** Type-level only: the client the data source needs. */
  readonly "~client"?: (client: C) => void;
}

/**
 * Defines a data source.
 * @example
 * ```ts
 * const image = defineDataSource({
 *   typeName: "demo_image",
 *   schema: dataSourceSchema({ attributes: { name: attr.string({ required: true }), id: attr.string({ computed: true }) } }),
 *   read: async (config, ctx) => ({ ...config, id: await ctx.client.lookup(config.name) }),
 * });
 * ```
 * @category constructors
 */
export function defineDataSource<S extends Schema, C = unknown>(
  definition: DataSourceDefinition<S, C>,
): DataSourceType<S, C> {
  checkTypeName(definition.typeName, "data source");
  if (definition.schema.kind !== "data_source") {
    throw new TypeError(
      `data source ${definition.typeName}: the schema must be built with dataSourceSchema (got a ${definition.schema.kind} schema)`,
    );
  }
  return Object.freeze({
    kind: "data_source",
    typeName: definition.typeName,
    schema: definition.schema,
    definition,
  });
}
