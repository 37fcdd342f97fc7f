import {
  indexStep,
  isCtyError,
  numberVal,
  type Path,
  stringVal,
  testConformance,
  type Value,
  walk,
} from "@tfkit/cty-values";
import { guarded } from "./internal/guard.js";
import { attrPath, child, elementsOf, entriesOf, getAttrOr } from "./internal/values.js";
import { type AttributeShape, type BodyShape, bodyType, sortedNames } from "./shape.js";
import { ContractRule, type ContractStage, type Violation, violation } from "./violation.js";

/**
 * Checks that a value's type conforms to the schema's implied type, as core does for every
 * object a provider returns (go-cty `Type.TestConformance`).
 *
 * @remarks Messages are go-cty's: `unsupported attribute "x"`, `missing required attribute
 * "x"`, `<want> required, but received <given>`; list and map element steps render as
 * `[(not yet known)]`. A `dynamic` attribute accepts any type. Core rejects the whole object on
 * any of these (nothing else is checked).
 * @example
 * ```ts
 * checkConformance(schema, objectVal({ name: numberVal(1) }), "apply").map(formatViolation)
 * // ['.name: string required, but received number']
 * ```
 * @category guards
 */
export function checkConformance(schema: BodyShape, value: Value, stage: ContractStage): Violation[] {
  return guarded(stage, () =>
    testConformance(value.type, bodyType(schema)).map((e) =>
      violation(
        stage,
        ContractRule.typeConformance,
        (isCtyError(e) ? e.path : undefined) ?? [],
        e.rawMessage,
      ),
    ),
  );
}

/**
 * Finds every write-only attribute holding a non-null value (core's
 * `ephemeral.NonNullWriteOnlyPaths`, applied to plans, apply results, reads and upgrades).
 *
 * @remarks Looks through nested blocks of every nesting mode and nested attributes; a null or
 * unknown container holds nothing. Each finding is rule `write_only_returned`.
 * @category guards
 */
export function checkWriteOnlyNull(schema: BodyShape, value: Value, stage: ContractStage): Violation[] {
  return guarded(stage, () => {
    const out: Violation[] = [];
    writeOnlyPaths(schema, value, [], (p) =>
      out.push(violation(stage, ContractRule.writeOnlyReturned, p, "write-only attribute must be null")),
    );
    return out;
  });
}

/** Whether a body has a write-only attribute anywhere inside (cached per immutable body). */
function holdsWriteOnly(body: BodyShape): boolean {
  let h = holdsWriteOnlyOf.get(body);
  if (h === undefined) {
    h =
      Object.values(body.attributes).some(
        (a) =>
          a.writeOnly === true ||
          (a.kind === "nested_attribute" &&
            a.attributes !== undefined &&
            holdsWriteOnly({ attributes: a.attributes, blocks: {} })),
      ) || Object.values(body.blocks).some((b) => holdsWriteOnly(b));
    if (Object.isFrozen(body.attributes)) holdsWriteOnlyOf.set(body, h);
  }
  return h;
}

const holdsWriteOnlyOf = new WeakMap<BodyShape, boolean>();

function writeOnlyPaths(schema: BodyShape, obj: Value, path: Path, found: (p: Path) => void): void {
  if (obj.isNull() || !obj.isKnown() || !holdsWriteOnly(schema)) return;
  for (const name of sortedNames(schema.attributes)) {
    const attrS = schema.attributes[name] as AttributeShape;
    const v = getAttrOr(obj, name, attrS.type);
    const p = attrPath(path, name);
    if (attrS.writeOnly) {
      if (!v.isNull()) found(p);
      continue;
    }
    if (attrS.kind === "nested_attribute" && attrS.attributes !== undefined) {
      const nested: BodyShape = { attributes: attrS.attributes, blocks: {} };
      eachElement(attrS.nesting ?? "single", v, p, (ev, ep) => writeOnlyPaths(nested, ev, ep, found));
    }
  }
  for (const name of sortedNames(schema.blocks)) {
    const blockS = schema.blocks[name];
    if (blockS === undefined) continue;
    const v = getAttrOr(obj, name, blockS.type);
    eachElement(blockS.nesting, v, attrPath(path, name), (ev, ep) => writeOnlyPaths(blockS, ev, ep, found));
  }
}

function eachElement(nesting: string, v: Value, path: Path, fn: (element: Value, path: Path) => void): void {
  if (v.isNull() || !v.isKnown()) return;
  switch (nesting) {
    case "single":
    case "group":
      fn(v, path);
      return;
    case "list":
      elementsOf(v).forEach((e, i) => {
        fn(e, child(path, indexStep(numberVal(i))));
      });
      return;
    case "set":
      for (const e of elementsOf(v)) fn(e, child(path, indexStep(e)));
      return;
    default:
      // map (a map, or an object for blocks holding dynamic attributes)
      for (const [k, e] of entriesOf(v)) fn(e, child(path, indexStep(stringVal(k))));
  }
}

/**
 * Reports every unknown value inside `value`, one violation per unknown (core walks the new
 * state after apply with `cty.Walk` and reports each one).
 *
 * @remarks An unknown container is reported once, without descending. `message` is used as each
 * violation's text.
 * @category guards
 */
export function checkWhollyKnown(
  value: Value,
  stage: ContractStage,
  message = "value is not known",
): Violation[] {
  // The common answer is wholly known: only an answer with unknowns is walked for their paths.
  if (value.isWhollyKnown()) return [];
  return guarded(stage, () => {
    const out: Violation[] = [];
    walk(value, (p, v) => {
      if (!v.isKnown()) out.push(violation(stage, ContractRule.unknownValue, p, message));
      return true;
    });
    return out;
  });
}

/**
 * @internal Reports inputs that core itself produced (prior state, config, an earlier plan) but
 * that do not conform to the schema: the check cannot judge the provider against them.
 */
export function inputViolations(
  schema: BodyShape,
  stage: ContractStage,
  inputs: Readonly<Record<string, Value>>,
): Violation[] {
  const out: Violation[] = [];
  for (const [what, value] of Object.entries(inputs)) {
    if (value.isNull() && value.isKnown()) continue;
    for (const e of checkConformance(schema, value, stage)) {
      out.push(
        violation(
          stage,
          ContractRule.malformedInput,
          e.path,
          e.rule === ContractRule.typeConformance
            ? `${what} does not conform to the schema: ${e.message}`
            : e.message,
        ),
      );
    }
  }
  return out;
}
