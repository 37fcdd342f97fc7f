import type { Value } from "@tfkit/cty-values";
import { type ReadState, type SchemaBody, toModel } from "@tfkit/schema";

/**
 * The typed model of a stored state decoded with an upgrader's prior schema: a state model
 * without the promises the current phases make.
 *
 * @remarks A `required` attribute of an old version may be null in old state (for example when
 * an old import left it unset), so every attribute is `T | null`, and so is a required single
 * block. Unknowns never appear: stored state cannot hold them. Write-only attributes are `null`,
 * as in any stored state. The same model `read` gets for a state that may come straight from an
 * import (`ReadState` in `@tfkit/schema`), so that the rules live in one place.
 * @example
 * ```ts
 * const v0 = resourceSchema({ attributes: { name: attr.string({ required: true }) } });
 * type M = PriorModel<typeof v0>; // { name: string | null }
 * ```
 * @typeParam S - the prior schema.
 * @category models
 */
export type PriorModel<S extends SchemaBody> = ReadState<S>;

/**
 * @internal Decodes a prior state value to its {@link PriorModel}.
 * @throws `CtyError` with code `"conversion"` and a path when the value does not fit a model of
 * the prior schema (e.g. an `int64` attribute holding 1.5, an unknown from a flatmap marker).
 */
export function toPriorModel<S extends SchemaBody>(schema: S, value: Value): PriorModel<S> {
  return toModel(schema, value, "read");
}
