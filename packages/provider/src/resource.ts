import type { MaybePromise } from "@tfkit/grpc-transport";
import type { Config, Plan, Proposed, ReadState, Schema, State } from "@tfkit/schema";
import type { JsonObject, StateUpgraders, UpgradeSteps } from "@tfkit/upgrade";
import type {
  ApplyContext,
  ModifyPlanContext,
  ReadContext,
  ResourceContext,
  ValidateContext,
} from "./context.js";

/**
 * A duration: milliseconds, or Go-style text such as `"30s"`, `"10m"`, `"1h30m"`.
 * @category models
 */
export type Duration = number | string;

/**
 * How long each operation of a resource may take before its signal aborts: the default when the
 * user configures nothing in the resource's `timeouts` block.
 *
 * @remarks When a timeout passes, the hook's `ctx.signal` aborts with a `TimeoutError`; the hook
 * gets a short grace period to stop (and record a partial state), then the operation fails with
 * an error diagnostic naming the timeout. To let users set the durations, put
 * `timeoutsBlock({ create: true, ... })` of `@tfkit/schema` in the schema's blocks under the name
 * `timeouts` (terraform-plugin-framework-timeouts' `timeouts.Block`): a configured
 * `timeouts { create = "10m" }` wins over these defaults.
 * @category models
 */
export interface Timeouts {
  /** Limit for `create`. */
  readonly create?: Duration;
  /** Limit for `read`. */
  readonly read?: Duration;
  /** Limit for `update`. */
  readonly update?: Duration;
  /** Limit for `delete`. */
  readonly delete?: Duration;
}

/**
 * What a resource's `modifyPlan` hook receives, as typed models.
 * @typeParam S - the resource schema.
 * @category models
 */
export interface ModifyPlanRequest<S extends Schema> {
  /** `"create"` (no prior state), `"update"`, or `"delete"` (destroy plan: planned is null). */
  readonly action: "create" | "update" | "delete";
  /** The configuration (null on destroy); values may be `Unknown`. */
  readonly config: Config<S> | null;
  /** The prior state (null on create). */
  readonly prior: State<S> | null;
  /** The plan so far, after defaults, unknown marking and attribute plan modifiers (null on destroy). */
  readonly planned: Proposed<S> | null;
}

/**
 * How `importState` turns an import ID into a state.
 *
 * @remarks Return the attributes the following `read` needs (usually just the ID); everything
 * else starts null and `read` fills it in.
 * @category models
 */
export type ImportStateHandler<S extends Schema, C, P> = {
  // Method syntax keeps the handler assignable across private-state types (bivariance).
  /** Returns the attributes the following read needs (usually the ID). */
  handler(id: string, ctx: ReadContext<C, P>): MaybePromise<Partial<State<S>>>;
}["handler"];

/**
 * The marker {@link importStatePassthroughId} returns.
 * @category models
 */
export interface ImportPassthrough {
  /** Discriminant. */
  readonly kind: "passthrough";
  /** The string attribute the import ID is written to. */
  readonly attribute: string;
}

/**
 * Imports by writing the import ID into one string attribute (default `id`), leaving the rest to
 * `read`.
 *
 * @remarks The Go framework's `resource.ImportStatePassthroughID`. The attribute is checked when
 * the resource is defined.
 * @example
 * ```ts
 * defineResource({ ..., importState: importStatePassthroughId() });
 * ```
 * @category constructors
 */
export function importStatePassthroughId(attribute = "id"): ImportPassthrough {
  return Object.freeze({ kind: "passthrough", attribute });
}

/**
 * What a state mover receives: the source resource's state from another resource type (or
 * provider), for a cross-type `moved` block.
 * @category models
 */
export interface MoveStateRequest<P extends Schema | undefined> {
  /** The source provider address, e.g. `registry.terraform.io/hashicorp/random`. */
  readonly sourceProviderAddress: string;
  /** The source resource type name. */
  readonly sourceTypeName: string;
  /** The source schema version. */
  readonly sourceSchemaVersion: number;
  /** The source state as parsed JSON. */
  readonly json: JsonObject;
  /** The source state decoded with the mover's `sourceSchema` (undefined without one). */
  readonly state: P extends Schema ? State<P> : undefined;
}

/**
 * One way to move state into a resource type from another (MoveResourceState, Terraform 1.8+).
 *
 * @remarks Movers are tried in order; the first that returns a state wins, `undefined` means
 * "not mine". With `sourceSchema` the source JSON is decoded with it first and a mover whose
 * schema does not fit is skipped. The Go framework's `resource.StateMover`.
 * @category models
 */
export interface StateMover<S extends Schema, P extends Schema | undefined = Schema | undefined> {
  /** Only for this source type name (any when absent). */
  readonly sourceTypeName?: string;
  /** The source resource's schema, to get its state as a typed model. */
  readonly sourceSchema?: P;
  /** Produces this resource's state, or `undefined` when the source is not one it handles. */
  move(request: MoveStateRequest<P>, ctx: ResourceContext): MaybePromise<State<S> | undefined>;
}

/**
 * A state mover that reads the source state through the source resource's schema.
 *
 * @remarks Infers the source model from `sourceSchema`, so `move` gets a typed `State` of the
 * source; the target type comes from the resource it is listed in.
 * @example
 * ```ts
 * moveState: [moveStateFrom(legacySchema, (old) => ({ id: old.id, enabled: old.label }), { sourceTypeName: "legacy_thing" })]
 * ```
 * @category constructors
 */
export function moveStateFrom<P extends Schema, R extends object>(
  sourceSchema: P,
  move: (source: State<P>, request: MoveStateRequest<P>, ctx: ResourceContext) => MaybePromise<R | undefined>,
  options: { readonly sourceTypeName?: string } = {},
): TypedStateMover<P, R> {
  return Object.freeze({
    ...(options.sourceTypeName === undefined ? {} : { sourceTypeName: options.sourceTypeName }),
    sourceSchema,
    move: (request: MoveStateRequest<P>, ctx: ResourceContext) =>
      move(request.state as State<P>, request, ctx),
  });
}

/**
 * What {@link moveStateFrom} returns: a state mover whose result type is checked against the
 * resource it is listed in (it must fit that resource's `State`).
 * @typeParam P - the source schema.
 * @typeParam R - what `move` returns.
 * @category models
 */
export interface TypedStateMover<P extends Schema, R> {
  /** Only for this source type name (any when absent). */
  readonly sourceTypeName?: string;
  /** The source resource's schema. */
  readonly sourceSchema: P;
  /** Produces the target state, or `undefined` when the source is not one it handles. */
  move(request: MoveStateRequest<P>, ctx: ResourceContext): MaybePromise<R | undefined>;
}

/**
 * Upgraders of stored state from older schema versions, run by `@tfkit/upgrade`.
 * @category models
 */
export interface UpgradeStateDefinition<S extends Schema> {
  /** Upgraders keyed by the prior version they read, each producing the current version. */
  readonly upgraders?: StateUpgraders<S>;
  /** Single-version steps chained where no direct upgrader exists (`v0→v1`, `v1→v2`). */
  readonly steps?: UpgradeSteps;
}

/**
 * Checks private state read back from Terraform and gives it its type.
 * @typeParam P - the private state's type.
 * @category models
 */
export interface PrivateStateParser<P> {
  /** Returns the typed private state, or throws when the JSON is not one. */
  parse(json: unknown): P;
}

/**
 * Everything a managed resource type is: its schema and its hooks, on phase-typed models.
 *
 * @remarks As Terraform's "Resource Lifecycle" has it, apply never sees the configuration: `create` gets the plan,
 * `update` the plan and the prior state (and both the write-only values), and each must return
 * a state that keeps every known planned value. `read` returning `null` removes the resource
 * from state. Compared with the Go framework: no `Metadata`/`Schema` methods, no `req.Plan.Get`
 * into structs, no `resp.State.Set`; what a hook returns is the answer.
 * @typeParam S - the resource schema.
 * @typeParam C - the client the provider's `configure` returns.
 * @typeParam P - the private state's type.
 * @category models
 */
export interface ResourceDefinition<S extends Schema, C = unknown, P = unknown> {
  /** The resource type name, e.g. `demo_server` (the provider's type name, `_`, a suffix). */
  readonly typeName: string;
  /** The resource schema (`resourceSchema({...})` of `@tfkit/schema`). */
  readonly schema: S;
  /** Creates the remote object the plan describes; returns its state (every unknown resolved). */
  create(plan: Plan<S>, ctx: ApplyContext<S, C, P>): MaybePromise<State<S>>;
  /**
   * Refreshes the state from the remote object; `null` when it no longer exists. Right after an
   * import only what `importState` set is known, so any attribute of `state` may be `null`
   * ({@link ReadState}); what read leaves null stays null (the next plan shows the difference).
   */
  read(state: ReadState<S>, ctx: ReadContext<C, P>): MaybePromise<ReadState<S> | null>;
  /** Changes the remote object to match the plan, exactly; returns the new state. */
  update(plan: Plan<S>, prior: State<S>, ctx: ApplyContext<S, C, P>): MaybePromise<State<S>>;
  /** Deletes the remote object. */
  delete(prior: State<S>, ctx: ResourceContext<C, P>): MaybePromise<void>;
  /**
   * Adjusts the plan after defaults and attribute plan modifiers (also on destroy); returns the
   * new planned model, or nothing to keep it.
   */
  modifyPlan?(
    request: ModifyPlanRequest<S>,
    ctx: ModifyPlanContext<C, P>,
    // biome-ignore lint/suspicious/noConfusingVoidType: a hook that only adds diagnostics returns nothing
  ): MaybePromise<Proposed<S> | undefined | void>;
  /** Extra configuration checks beyond the schema's; report problems on `ctx.diagnostics` or throw. */
  validateConfig?(config: Config<S>, ctx: ValidateContext): MaybePromise<void>;
  /** Turns `terraform import` IDs into a state; see {@link importStatePassthroughId}. */
  readonly importState?: ImportStateHandler<NoInfer<S>, C, P> | ImportPassthrough;
  /**
   * Upgraders for state written with older schema versions. (Not an inference site for `S`:
   * give `priorSchemaUpgrader` both schemas as type arguments.)
   */
  readonly upgradeState?: UpgradeStateDefinition<NoInfer<S>>;
  /** Ways to take over state from other resource types (cross-type `moved` blocks). */
  readonly moveState?: readonly StateMover<NoInfer<S>>[];
  /** Validates private state read back from Terraform (default: any JSON is accepted). */
  readonly privateState?: PrivateStateParser<P>;
  /** Operation time limits, enforced through `ctx.signal`. */
  readonly timeouts?: Timeouts;
}

/**
 * A defined resource type, ready to hand to `defineProvider`.
 * @category models
 */
export interface ResourceType<S extends Schema = Schema, C = unknown, P = unknown> {
  /** Discriminant. */
  readonly kind: "resource";
  /** The resource type name. */
  readonly typeName: string;
  /** The resource schema. */
  readonly schema: S;
  /** The definition as given. */
  readonly definition: ResourceDefinition<S, C, P>;
  /** Type-level only: the client the resource needs (checked against the provider's). */
  readonly "~client"?: (client: C) => void;
}

/**
 * A resource type of any schema as a provider lists it (`defineProvider({ resources })`): only
 * its client type is checked against the provider's, so resources of different schemas sit in
 * one list.
 * @typeParam C - the client the provider's `configure` returns.
 * @category models
 */
export interface AnyResourceType<C = unknown> {
  /** Discriminant. */
  readonly kind: "resource";
  /** The resource type name. */
  readonly typeName: string;
  /** The resource schema. */
  readonly schema: Schema;
  /** Type-level only: the client the resource needs. */
  readonly "~client"?: (client: C) => void;
}

/**
 * Defines a managed resource type from its schema and hooks.
 *
 * @remarks Checks at definition time what can be checked (the type name, the passthrough
 * import attribute, timeouts) and throws a `TypeError` naming the problem.
 * @example
 * ```ts
 * const server = defineResource({
 *   typeName: "demo_server",
 *   schema: serverSchema,
 *   create: async (plan, ctx) => ({ ...plan, id: await ctx.client.create(plan.name) }),
 *   read: async (state, ctx) => ((await ctx.client.exists(state.id)) ? state : null),
 *   update: async (plan, prior) => ({ ...plan, id: prior.id }),
 *   delete: async (prior, ctx) => ctx.client.remove(prior.id),
 * });
 * ```
 * @category constructors
 */
export function defineResource<S extends Schema, C = unknown, P = unknown>(
  definition: ResourceDefinition<S, C, P>,
): ResourceType<S, C, P> {
  checkTypeName(definition.typeName, "resource");
  if (definition.schema.kind !== "resource") {
    throw new TypeError(
      `resource ${definition.typeName}: the schema must be built with resourceSchema (got a ${definition.schema.kind} schema)`,
    );
  }
  const imp = definition.importState;
  if (imp !== undefined && typeof imp !== "function") {
    const a = definition.schema.attributes[imp.attribute];
    if (a === undefined || a.kind !== "attribute" || a.type.kind !== "string") {
      throw new TypeError(
        `resource ${definition.typeName}: importStatePassthroughId needs a string attribute "${imp.attribute}" in the schema`,
      );
    }
  }
  return Object.freeze({
    kind: "resource",
    typeName: definition.typeName,
    schema: definition.schema,
    definition,
  });
}

/** @internal Checks a resource/data source type name as Terraform requires (`^[a-z0-9_]+$`). */
export function checkTypeName(name: string, what: string): void {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) {
    throw new TypeError(
      `${what} type name "${name}" must start with a lowercase letter and use only a-z, 0-9 and _`,
    );
  }
}
