/**
 * The marker a model holds where a value is not known yet.
 *
 * @remarks A model (see {@link Model}) cannot hold a cty unknown, so {@link toModel} puts this
 * marker wherever the value is unknown, and {@link fromModel} turns it back into a plain
 * `unknownVal` of the attribute's type. It is a registered symbol, so two copies of the package
 * (ESM and CJS) agree on it. Refinements of the unknown are not kept in models.
 * @example
 * ```ts
 * if (isUnknown(plan.id)) console.log("id is known after apply");
 * ```
 * @category models
 */
export const Unknown: unique symbol = Symbol.for("@tfkit/schema/Unknown");

/** The type of the {@link Unknown} marker. @category models */
export type Unknown = typeof Unknown;

/** Reports whether a model value is the {@link Unknown} marker. @category guards */
export function isUnknown(u: unknown): u is Unknown {
  return u === Unknown;
}
