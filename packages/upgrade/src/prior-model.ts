import type { Value } from "@tfkit/cty-values";
import {
  type AnyAttributeSpec,
  type AttributeSpec,
  type Attributes,
  type Blocks,
  type BlockSpec,
  type NestedAttributeSpec,
  type Presence,
  type SchemaBody,
  type State,
  toModel,
} from "@tfkit/schema";

/** `required` loses its promise: old state may hold null there; the other presences keep theirs. */
type PriorPresence<P> = P extends "required" ? "optional" : P;

// The specs are rewritten property by property (not rebuilt from their type parameters) so that
// whatever else a spec type carries stays as it is.
type PriorAttribute<X> = X extends NestedAttributeSpec
  ? Omit<X, "presence" | "writeOnly" | "attributes"> & {
      readonly presence: PriorPresence<X["presence"]>;
      readonly writeOnly: false;
      readonly attributes: PriorAttributes<X["attributes"]>;
    }
  : X extends AttributeSpec
    ? Omit<X, "presence" | "writeOnly"> & {
        readonly presence: PriorPresence<X["presence"]>;
        readonly writeOnly: false;
      }
    : X;

type PriorAttributes<A extends Attributes> = { readonly [K in keyof A]: PriorAttribute<A[K]> };

type PriorBlock<X> = X extends BlockSpec
  ? Omit<X, "required" | "attributes" | "blocks"> & {
      readonly required: false;
      readonly attributes: PriorAttributes<X["attributes"]>;
      readonly blocks: PriorBlocks<X["blocks"]>;
    }
  : X;

type PriorBlocks<B extends Blocks> = { readonly [K in keyof B]: PriorBlock<B[K]> };

/** A schema body with no required attribute or single block and no write-only attribute. */
type PriorSchemaBody<S extends SchemaBody> = SchemaBody<
  PriorAttributes<S["attributes"]>,
  PriorBlocks<S["blocks"]>
>;

/**
 * The typed model of a stored state decoded with an upgrader's prior schema: the state model
 * (`State<…>`, nothing unknown) without the promises the current phases make.
 *
 * @remarks A `required` attribute of an old version may be null in old state (for example when
 * an old import left it unset), so every attribute is `T | null`, and so is a required single
 * block. Write-only attributes show what was stored (normally `null`). Unknowns never appear:
 * stored state cannot hold them.
 * @example
 * ```ts
 * const v0 = resourceSchema({ attributes: { name: attr.string({ required: true }) } });
 * type M = PriorModel<typeof v0>; // { name: string | null }
 * ```
 * @typeParam S - the prior schema.
 * @category models
 */
export type PriorModel<S extends SchemaBody> = State<PriorSchemaBody<S>>;

const relaxed = new WeakMap<SchemaBody, SchemaBody>();

/**
 * @internal The run-time twin of the body {@link PriorModel} reads: a copy of the body whose attributes
 * and single blocks are not required and not write-only, so that `toModel(…, "state")` checks
 * only what stored state can promise (no unknowns) and the value's fit to the types.
 */
export function priorSchemaBody(schema: SchemaBody): SchemaBody {
  let body = relaxed.get(schema);
  if (body === undefined) {
    body = relaxBody(schema);
    relaxed.set(schema, body);
  }
  return body;
}

function relaxBody(body: SchemaBody): SchemaBody {
  return Object.freeze({ attributes: relaxAttributes(body.attributes), blocks: relaxBlocks(body.blocks) });
}

function relaxAttributes(attributes: Attributes): Attributes {
  const out: Record<string, AnyAttributeSpec> = {};
  for (const [name, spec] of Object.entries(attributes)) out[name] = relaxAttribute(spec);
  return Object.freeze(out);
}

function relaxAttribute(spec: AnyAttributeSpec): AnyAttributeSpec {
  const presence: Presence = spec.presence === "required" ? "optional" : spec.presence;
  const loosened = {
    ...spec,
    presence,
    required: false,
    optional: spec.optional || spec.required,
    writeOnly: false,
  };
  if (spec.kind === "nested_attribute") {
    return Object.freeze({ ...loosened, attributes: relaxAttributes(spec.attributes) }) as AnyAttributeSpec;
  }
  return Object.freeze(loosened) as AnyAttributeSpec;
}

function relaxBlocks(blocks: Blocks): Blocks {
  const out: Record<string, BlockSpec> = {};
  for (const [name, spec] of Object.entries(blocks)) {
    out[name] = Object.freeze({
      ...spec,
      required: false,
      attributes: relaxAttributes(spec.attributes),
      blocks: relaxBlocks(spec.blocks),
    }) as BlockSpec;
  }
  return Object.freeze(out);
}

/**
 * @internal Decodes a prior state value to its {@link PriorModel}.
 * @throws `CtyError` with code `"conversion"` and a path when the value does not fit a model of
 * the prior schema (e.g. an `int64` attribute holding 1.5, an unknown from a flatmap marker).
 */
export function toPriorModel<S extends SchemaBody>(schema: S, value: Value): PriorModel<S> {
  return toModel(priorSchemaBody(schema), value, "state") as PriorModel<S>;
}
