import { attr, block } from "@tfkit/schema";
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

  it("blocks take modifiers of their whole value", () => {
    const disk = { size: attr.int64({ required: true }) };
    block.list({ attributes: disk, planModifiers: [requiresReplace()] });
    block.set({ attributes: disk, planModifiers: [requiresReplace()] });
    block.single({ attributes: disk, planModifiers: [requiresReplace()] });
    block.group({ attributes: disk, planModifiers: [requiresReplace()] });
    const anyList = planModifier<unknown[]>({ modify: () => undefined });
    block.list({ attributes: disk, planModifiers: [anyList] });
    const lower = planModifier<string>({ modify: () => undefined });
    // @ts-expect-error a string modifier on a list block
    block.list({ attributes: disk, planModifiers: [lower] });
  });
});
