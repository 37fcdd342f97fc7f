import type { Value } from "@tfkit/cty-values";
import type { ClientCapabilities, DeferredReason, Logger } from "@tfkit/grpc-transport";
import type {
  AttributeNesting,
  AttributeSpec,
  Attributes,
  BlockSpec,
  KnownConfig,
  NestedAttributeSpec,
  PathInput,
  Presence,
  SchemaBody,
  State,
} from "@tfkit/schema";
import type { Diagnostics } from "./diagnostics.js";

/**
 * What every hook receives: cancellation, logging and a place for diagnostics.
 *
 * @remarks terraform-plugin-framework passes a `context.Context` and a response with
 * `Diagnostics`; here the signal aborts on StopProvider (Ctrl-C) and when the hook's timeout
 * passes, and {@link Diagnostics} collects warnings and errors.
 * @category models
 */
export interface HookContext {
  /**
   * Aborted when Terraform stops the provider or the hook's timeout passes. Pass it to `fetch`.
   *
   * @remarks The timeout of a resource's create, read, update or delete is the duration the
   * user configured in the resource's `timeouts` block (`timeoutsBlock` of `@tfkit/schema`),
   * else the resource's `timeouts` default; the signal then aborts with a `TimeoutError`.
   */
  readonly signal: AbortSignal;
  /** A logger for this call (hclog JSON on stderr, shown with `TF_LOG=DEBUG`). */
  readonly logger: Logger;
  /** Warnings and errors to report besides the result. */
  readonly diagnostics: Diagnostics;
}

/**
 * What resource, data source and ephemeral resource hooks receive: the configured client and
 * typed private state.
 * @typeParam C - the client `configure` returns.
 * @typeParam P - the private state's type (JSON-serialisable).
 * @category models
 */
export interface ResourceContext<C = unknown, P = unknown> extends HookContext {
  /** The resource (or data source) type name, e.g. `demo_server`. */
  readonly typeName: string;
  /**
   * The client the provider's `configure` returned.
   * @throws `ProviderError` "Provider not configured" when the provider has a `configure`
   * hook that has not run in this process.
   */
  readonly client: C;
  /** Private state stored with the resource (undefined when none). */
  readonly private: P | undefined;
  /** Replaces the private state stored with the resource (undefined removes it). */
  setPrivate(value: P | undefined): void;
}

/**
 * What hooks that may postpone their answer receive (read, modifyPlan, importState, data
 * source read): deferred actions (Terraform 1.9+, behind `-allow-deferral`).
 * @category models
 */
export interface DeferrableContext {
  /** Whether Terraform accepts a deferred answer (tfplugin6 `ClientCapabilities.deferral_allowed`). */
  readonly deferralAllowed: boolean;
  /**
   * Postpones this operation to a later plan/apply round, e.g. because the provider's
   * configuration is still unknown. Only when {@link DeferrableContext.deferralAllowed}; otherwise it adds
   * an error diagnostic, as Terraform would refuse the answer ("unexpected provider deferral").
   */
  defer(reason: DeferredReason): void;
}

/**
 * What `read` and `importState` of a resource, and a data source's `read`, receive.
 * @category models
 */
export interface ReadContext<C = unknown, P = unknown> extends ResourceContext<C, P>, DeferrableContext {}

/** Whether attributes hold a write-only attribute at any depth. */
type AttributesHoldWriteOnly<A extends Attributes> = true extends {
  [K in keyof A]: HoldsWriteOnly<A[K]>;
}[keyof A]
  ? true
  : false;

/** Whether an attribute or block is write-only or holds one inside. */
type HoldsWriteOnly<X> =
  X extends AttributeSpec<unknown, Presence, true>
    ? true
    : X extends NestedAttributeSpec<infer A, AttributeNesting, Presence, infer W>
      ? W extends true
        ? true
        : AttributesHoldWriteOnly<A>
      : X extends BlockSpec<infer A, infer B>
        ? AttributesHoldWriteOnly<A> extends true
          ? true
          : true extends { [K in keyof B]: HoldsWriteOnly<B[K]> }[keyof B]
            ? true
            : false
        : false;

/** Names of the top-level attributes and blocks that are or hold write-only attributes. */
type WriteOnlyKeys<S extends SchemaBody> =
  | NamedKeys<
      { [K in keyof S["attributes"]]: HoldsWriteOnly<S["attributes"][K]> extends true ? K : never },
      S["attributes"]
    >
  | NamedKeys<
      { [K in keyof S["blocks"]]: HoldsWriteOnly<S["blocks"][K]> extends true ? K : never },
      S["blocks"]
    >;

/**
 * The keys a mapped type selects, none for a wide record (`Schema` itself, with an index
 * signature), so a resource of any schema fits where `ResourceType<Schema>` is expected.
 */
type NamedKeys<M, R> = string extends keyof R ? never : M[keyof M];

/**
 * The configured values of a schema's write-only attributes: each top-level attribute or block
 * that is write-only or holds write-only attributes inside (nested attributes, blocks), as the
 * configuration has it.
 *
 * @remarks Write-only values are never planned or stored (Terraform 1.11), so create and update,
 * which otherwise only see the plan, get them from the configuration here.
 * @category models
 */
export type WriteOnlyValues<S extends SchemaBody> = {
  [K in WriteOnlyKeys<S> & keyof KnownConfig<S>]: KnownConfig<S>[K];
};

/**
 * What `create` and `update` receive besides the plan.
 * @category models
 */
export interface ApplyContext<S extends SchemaBody, C = unknown, P = unknown> extends ResourceContext<C, P> {
  /**
   * The configured values of write-only attributes, nested ones included (see
   * {@link WriteOnlyValues}).
   */
  readonly writeOnly: WriteOnlyValues<S>;
  /**
   * The configuration, typed and wholly known (the Go framework's `req.Config`): for values that
   * are in the configuration and not in the plan, such as write-only values anywhere. Built on
   * first read.
   */
  readonly config: KnownConfig<S>;
  /**
   * Records the state of a remote object that exists although the operation is failing.
   *
   * @remarks Terraform's "Resource Lifecycle" (partial state): when a create fails after the remote object was made, returning the
   * partial state with the error lets Terraform record it (tainted) instead of leaving a zombie.
   * The given attributes are laid over the plan (create; unknown values become null) or the
   * prior state (update). Used only when the hook then throws, times out or adds an error.
   * @example
   * ```ts
   * const { id } = await api.createServer(plan);
   * ctx.setPartialState({ id });
   * await api.waitUntilReady(id, ctx.signal); // throws → Terraform stores { id } as tainted
   * ```
   */
  setPartialState(state: Partial<State<S>>): void;
}

/**
 * The raw cty values of a plan, for what models cannot show (partly unknown collections,
 * exact numbers, refinements).
 * @category models
 */
export interface PlanValues {
  /** The configuration (null on destroy). */
  readonly config: Value;
  /** The prior state (null on create). */
  readonly prior: Value;
  /** The planned state so far (null on destroy). */
  readonly planned: Value;
}

/**
 * What a resource's `modifyPlan` hook receives besides the request.
 * @category models
 */
export interface ModifyPlanContext<C = unknown, P = unknown>
  extends ResourceContext<C, P>,
    DeferrableContext {
  /** Marks an attribute whose planned change needs the resource replaced. */
  requiresReplace(path: PathInput): void;
  /** The raw cty values (config, prior state, planned state so far), for what models cannot show. */
  readonly values: PlanValues;
}

/**
 * What `validateConfig` hooks receive (no client: validation runs on an unconfigured provider).
 * @category models
 */
export interface ValidateContext extends HookContext {
  /** What Terraform supports (absent with Terraform before 1.11). */
  readonly clientCapabilities: ClientCapabilities | undefined;
}

/**
 * What the provider's `configure` hook receives besides the configuration.
 * @category models
 */
export interface ConfigureContext extends HookContext {
  /** Terraform's version, e.g. `1.11.4`. */
  readonly terraformVersion: string;
  /**
   * Whether some configuration value is unknown (derived from a resource not created yet).
   * Such values are `Unknown` in the model; a client built from them can only plan.
   */
  readonly hasUnknownValues: boolean;
  /** What Terraform supports. */
  readonly clientCapabilities: ClientCapabilities | undefined;
}
