import { attr } from "@tfkit/schema";
import { describe, expectTypeOf, it } from "vitest";
import {
  type AttributePlanModifier,
  planModifier,
  requiresReplace,
  useStateForUnknown,
} from "./plan-modifier.js";

describe("plan modifiers fit the schema's planModifiers slot", () => {
  it("built-ins fit attributes of every type", () => {
    attr.string({ computed: true, planModifiers: [useStateForUnknown(), requiresReplace()] });
    attr.int64({ optional: true, planModifiers: [useStateForUnknown()] });
    attr.listNested(
      { a: attr.string({ optional: true }) },
      { optional: true, planModifiers: [requiresReplace()] },
    );
    expectTypeOf(useStateForUnknown()).toExtend<AttributePlanModifier>();
  });

  it("a modifier written for strings does not fit a number attribute", () => {
    const lower = planModifier<string>({ modify: () => undefined });
    attr.string({ optional: true, planModifiers: [lower] });
    // @ts-expect-error a string modifier on an int64 attribute
    attr.int64({ optional: true, planModifiers: [lower] });
  });
});
