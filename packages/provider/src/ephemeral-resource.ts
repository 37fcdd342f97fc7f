import type { MaybePromise } from "@tfkit/grpc-transport";
import type { Config, KnownConfig, Schema, State } from "@tfkit/schema";
import type { ResourceContext, ValidateContext } from "./context.js";
import { checkTypeName, type PrivateStateParser } from "./resource.js";

/**
 * What ephemeral resource hooks receive: the resource context plus a way to ask for renewal.
 * @category models
 */
export interface EphemeralContext<C = unknown, P = unknown> extends ResourceContext<C, P> {
  /** Asks Terraform to call `renew` at this time (while the value is still in use). */
  renewAt(when: Date): void;
}

/**
 * Everything an ephemeral resource is (Terraform 1.10+): a value opened for one run, never
 * stored in plan or state, optionally renewed and closed.
 * @typeParam S - the schema (`ephemeralResourceSchema({...})`).
 * @typeParam C - the client the provider's `configure` returns.
 * @typeParam P - the private data kept between open, renew and close (JSON-serialisable).
 * @category models
 */
export interface EphemeralResourceDefinition<S extends Schema, C = unknown, P = unknown> {
  /** The type name, e.g. `demo_token`. */
  readonly typeName: string;
  /** The schema. */
  readonly schema: S;
  /** Opens the resource: returns its whole value; `ctx.setPrivate` keeps data for renew/close. */
  open(config: KnownConfig<S>, ctx: EphemeralContext<C, P>): MaybePromise<State<S>>;
  /** Renews it (e.g. extends a lease); `ctx.private` is what open or the last renew kept. */
  renew?(ctx: EphemeralContext<C, P>): MaybePromise<void>;
  /** Closes it (e.g. revokes a token). */
  close?(ctx: ResourceContext<C, P>): MaybePromise<void>;
  /** Extra configuration checks beyond the schema's. */
  validateConfig?(config: Config<S>, ctx: ValidateContext): MaybePromise<void>;
  /** Validates private data read back from Terraform (default: any JSON is accepted). */
  readonly privateState?: PrivateStateParser<P>;
}

/**
 * A defined ephemeral resource, ready to hand to `defineProvider`.
 * @category models
 */
export interface EphemeralResourceType<S extends Schema = Schema, C = unknown, P = unknown> {
  /** Discriminant. */
  readonly kind: "ephemeral_resource";
  /** The type name. */
  readonly typeName: string;
  /** The schema. */
  readonly schema: S;
  /** The definition as given. */
  readonly definition: EphemeralResourceDefinition<S, C, P>;
  /** Type-level only: the client the resource needs. */
  readonly "~client"?: (client: C) => void;
}

/**
 * Defines an ephemeral resource.
 * @example
 * ```ts
 * const token = defineEphemeralResource({
 *   typeName: "demo_token",
 *   schema: ephemeralResourceSchema({ attributes: { value: attr.string({ computed: true, sensitive: true }) } }),
 *   open: async (_config, ctx) => {
 *     const t = await ctx.client.issueToken();
 *     ctx.setPrivate({ id: t.id });
 *     return { value: t.secret };
 *   },
 *   close: async (ctx) => ctx.client.revoke(ctx.private!.id),
 * });
 * ```
 * @category constructors
 */
export function defineEphemeralResource<S extends Schema, C = unknown, P = unknown>(
  definition: EphemeralResourceDefinition<S, C, P>,
): EphemeralResourceType<S, C, P> {
  checkTypeName(definition.typeName, "ephemeral resource");
  if (definition.schema.kind !== "ephemeral_resource") {
    throw new TypeError(
      `ephemeral resource ${definition.typeName}: the schema must be built with ephemeralResourceSchema (got a ${definition.schema.kind} schema)`,
    );
  }
  return Object.freeze({
    kind: "ephemeral_resource",
    typeName: definition.typeName,
    schema: definition.schema,
    definition,
  });
}
