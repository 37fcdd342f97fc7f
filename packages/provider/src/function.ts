import type { MaybePromise } from "@tfkit/grpc-transport";
import type { TypeSpec, Unknown } from "@tfkit/schema";
import type { HookContext } from "./context.js";

/**
 * One parameter of a provider-defined function.
 * @typeParam M - the model of a known, non-null argument.
 * @category models
 */
export interface FunctionParameter<M = unknown> {
  /** The parameter name (a valid identifier; shown in errors and docs). */
  readonly name: string;
  /** The parameter type (`t.string`, `t.list(t.int64)`, `t.dynamic`, …). */
  readonly type: TypeSpec<M>;
  /** Accept `null` (otherwise Terraform rejects a null argument before calling). */
  readonly allowNull?: boolean;
  /** Accept unknown values (otherwise Terraform returns unknown without calling). */
  readonly allowUnknown?: boolean;
  /** Plain-text description. */
  readonly description?: string;
  /** Markdown description (sent instead of `description` when given). */
  readonly markdownDescription?: string;
}

/**
 * The model an argument arrives as: the type's model, plus `null` / `Unknown` when allowed.
 * @category models
 */
export type ArgumentModel<X> =
  X extends FunctionParameter<infer M>
    ? M | (X["allowNull"] extends true ? null : never) | (X["allowUnknown"] extends true ? Unknown : never)
    : never;

/**
 * The models of a parameter list, as a tuple.
 * @category models
 */
export type ArgumentModels<Ps extends readonly FunctionParameter[]> = {
  -readonly [I in keyof Ps]: ArgumentModel<Ps[I]>;
};

/**
 * Everything a provider-defined function is (Terraform 1.8+: `provider::<name>::<function>(…)`).
 *
 * @remarks Functions run on an unconfigured provider (no client) and must be pure: Terraform
 * caches results and fails when a second call returns something else. Throw a
 * `FunctionArgumentError` to blame one argument.
 * @typeParam Ps - the parameters, in order.
 * @typeParam V - the variadic parameter (extra trailing arguments), if any.
 * @typeParam R - the model of the result.
 * @category models
 */
export interface FunctionDefinition<
  Ps extends readonly FunctionParameter[],
  V extends FunctionParameter | undefined,
  R,
> {
  /** The function name (a valid identifier). */
  readonly name: string;
  /** One-line summary. */
  readonly summary?: string;
  /** Plain-text description. */
  readonly description?: string;
  /** Markdown description (sent instead of `description` when given). */
  readonly markdownDescription?: string;
  /** Set to deprecate the function; shown to users who call it. */
  readonly deprecationMessage?: string;
  /** The parameters, in order. */
  readonly parameters: Ps;
  /** The variadic parameter: any number of extra arguments of its type. */
  readonly variadic?: V;
  /** The result type. */
  readonly returns: TypeSpec<R>;
  /** Computes the result from the arguments (and the variadic ones, in order). */
  run(
    args: ArgumentModels<Ps>,
    variadic: V extends FunctionParameter ? ArgumentModel<V>[] : [],
    ctx: HookContext,
  ): MaybePromise<R | null>;
}

/**
 * A defined function, ready to hand to `defineProvider`.
 * @category models
 */
export interface FunctionType {
  /** Discriminant. */
  readonly kind: "function";
  /** The function name. */
  readonly name: string;
  /** The definition as given (type parameters erased). */
  readonly definition: FunctionDefinition<
    readonly FunctionParameter[],
    FunctionParameter | undefined,
    unknown
  >;
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * Defines a provider function with typed parameters.
 * @example
 * ```ts
 * const repeat = defineFunction({
 *   name: "repeat",
 *   parameters: [{ name: "text", type: t.string }, { name: "count", type: t.int64 }],
 *   returns: t.string,
 *   run: ([text, count]) => {
 *     if (count < 0) throw new FunctionArgumentError(1, "count must not be negative");
 *     return text.repeat(count);
 *   },
 * });
 * ```
 * @category constructors
 */
export function defineFunction<
  const Ps extends readonly FunctionParameter[],
  R,
  const V extends FunctionParameter | undefined = undefined,
>(definition: FunctionDefinition<Ps, V, R>): FunctionType {
  if (!IDENT.test(definition.name)) {
    throw new TypeError(`function name "${definition.name}" is not a valid identifier`);
  }
  const names = new Set<string>();
  for (const p of [
    ...definition.parameters,
    ...(definition.variadic === undefined ? [] : [definition.variadic]),
  ]) {
    if (!IDENT.test(p.name))
      throw new TypeError(
        `function ${definition.name}: parameter name "${p.name}" is not a valid identifier`,
      );
    if (names.has(p.name))
      throw new TypeError(`function ${definition.name}: duplicate parameter name "${p.name}"`);
    names.add(p.name);
  }
  return Object.freeze({
    kind: "function",
    name: definition.name,
    definition: definition as unknown as FunctionType["definition"],
  });
}
