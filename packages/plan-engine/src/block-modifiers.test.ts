import type { Value } from "@tfkit/cty-values";
import { formatPath, mapVal, nullVal, stringVal } from "@tfkit/cty-values";
import { attr, block, resourceSchema, type Schema } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { emptyList, emptySet, expectValue, list, NS, obj, s, set } from "./internal/test-helpers.js";
import { planModifier, requiresReplace, requiresReplaceIf, useStateForUnknown } from "./plan-modifier.js";
import { planResourceChange } from "./plan-resource-change.js";
import { proposedNew } from "./proposed-new.js";

function plan(schema: Schema, prior: Value, config: Value) {
  const proposed = proposedNew(schema, prior, config);
  return planResourceChange({ schema, prior, proposed, config });
}

describe("plan modifiers on blocks", () => {
  const disk = { attributes: { size: attr.string({ required: true }) } };
  const sch = resourceSchema({
    attributes: { name: attr.string({ optional: true }) },
    blocks: {
      disks: block.list({ ...disk, planModifiers: [requiresReplace()] }),
      tags: block.set({ ...disk, planModifiers: [requiresReplace()] }),
      boot: block.single({ ...disk, planModifiers: [requiresReplace()] }),
      free: block.list(disk),
    },
  });
  const dt = sch.blocks.disks.objectType;
  const cfg = (o: { name?: string; disks?: string[]; tags?: string[]; boot?: string; free?: string[] }) =>
    obj({
      name: o.name === undefined ? NS : s(o.name),
      disks: o.disks === undefined ? emptyList(dt) : list(...o.disks.map((x) => obj({ size: s(x) }))),
      tags: o.tags === undefined ? emptySet(dt) : set(...o.tags.map((x) => obj({ size: s(x) }))),
      boot: o.boot === undefined ? nullVal(sch.blocks.boot.type) : obj({ size: s(o.boot) }),
      free: o.free === undefined ? emptyList(dt) : list(...o.free.map((x) => obj({ size: s(x) }))),
    });

  it("requiresReplace on a list block: a changed element replaces, at the block's path", () => {
    const prior = cfg({ disks: ["10"] });
    const r = plan(sch, prior, cfg({ disks: ["20"] }));
    expect(r.requiresReplace.map(formatPath)).toEqual([".disks"]);
    expect(r.action).toBe("replace");
  });

  it("requiresReplace on a list block: an added or removed block replaces too", () => {
    expect(plan(sch, cfg({ disks: ["10"] }), cfg({ disks: ["10", "20"] })).action).toBe("replace");
    expect(plan(sch, cfg({ disks: ["10"] }), cfg({})).action).toBe("replace");
  });

  it("requiresReplace on set and single blocks", () => {
    expect(plan(sch, cfg({ tags: ["a"] }), cfg({ tags: ["b"] })).requiresReplace.map(formatPath)).toEqual([
      ".tags",
    ]);
    const single = plan(sch, cfg({ boot: "a" }), cfg({ boot: "b" }));
    expect(single.requiresReplace.map(formatPath)).toEqual([".boot"]);
    expect(single.action).toBe("replace");
    // Adding the single block where there was none is a change too.
    expect(plan(sch, cfg({}), cfg({ boot: "b" })).action).toBe("replace");
  });

  it("no replacement when the block is unchanged, on create, or for a block without the modifier", () => {
    expect(plan(sch, cfg({ disks: ["10"], name: "a" }), cfg({ disks: ["10"], name: "b" })).action).toBe(
      "update",
    );
    expect(plan(sch, nullVal(sch.type), cfg({ disks: ["10"] })).action).toBe("create");
    expect(plan(sch, cfg({ free: ["1"] }), cfg({ free: ["2"] })).action).toBe("update");
  });

  it("requiresReplaceIf on a block decides with the block's own values", () => {
    const seen: string[] = [];
    const sc = resourceSchema({
      blocks: {
        disks: block.list({
          ...disk,
          planModifiers: [
            requiresReplaceIf((req) => {
              seen.push(`${formatPath(req.path)} ${req.stateValue.lengthInt()}→${req.planValue.lengthInt()}`);
              // Only growing needs a new resource.
              return req.planValue.lengthInt() > req.stateValue.lengthInt();
            }),
          ],
        }),
      },
    });
    const v = (...sizes: string[]) =>
      obj({ disks: sizes.length === 0 ? emptyList(dt) : list(...sizes.map((x) => obj({ size: s(x) }))) });
    expect(plan(sc, v("1"), v("1", "2")).action).toBe("replace");
    expect(plan(sc, v("1", "2"), v("1")).action).toBe("update");
    expect(seen).toEqual([".disks 1→2", ".disks 2→1"]);
  });

  it("a block's modifiers run before those inside it and may rewrite the whole value (Go's order)", () => {
    const order: string[] = [];
    const upper = planModifier({
      modify: ({ planValue }) => {
        order.push("block");
        if (!planValue.isKnown() || planValue.isNull()) return undefined;
        return {
          planValue: list(
            ...planValue
              .elements()
              .map((e) => obj({ size: stringVal(e.getAttr("size").asString().toUpperCase()) })),
          ),
        };
      },
    });
    const sc = resourceSchema({
      blocks: {
        disks: block.list({
          attributes: {
            size: attr.string({
              required: true,
              planModifiers: [
                planModifier({
                  modify: ({ planValue, path }) => {
                    order.push(`attr ${formatPath(path)} ${planValue.asString()}`);
                    return undefined;
                  },
                }),
              ],
            }),
          },
          planModifiers: [upper],
        }),
      },
    });
    const r = plan(sc, nullVal(sc.type), obj({ disks: list(obj({ size: s("a") }), obj({ size: s("b") })) }));
    expect(order).toEqual(["block", "attr .disks[0].size A", "attr .disks[1].size B"]);
    expectValue(r.plannedState, obj({ disks: list(obj({ size: s("A") }), obj({ size: s("B") })) }));
  });

  it("modifiers on a nested block get the element's config and state; an error stops the pass", () => {
    const sc = resourceSchema({
      blocks: {
        outer: block.list({
          attributes: { id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }) },
          blocks: {
            inner: block.single({
              attributes: { x: attr.string({ optional: true }) },
              planModifiers: [
                planModifier({
                  modify: ({ planValue, path }) =>
                    !planValue.isNull() && planValue.getAttr("x").asString() === "bad"
                      ? {
                          diagnostics: [{ severity: "error", summary: "bad inner", detail: "no", path }],
                        }
                      : { requiresReplace: true },
                }),
              ],
            }),
          },
        }),
      },
    });
    const prior = obj({ outer: list(obj({ id: s("i0"), inner: obj({ x: s("a") }) })) });
    const ok = plan(sc, prior, obj({ outer: list(obj({ id: NS, inner: obj({ x: s("b") }) })) }));
    expect(ok.requiresReplace.map(formatPath)).toEqual([".outer[0].inner"]);
    expectValue(ok.plannedState, obj({ outer: list(obj({ id: s("i0"), inner: obj({ x: s("b") }) })) }));
    const bad = plan(sc, prior, obj({ outer: list(obj({ id: NS, inner: obj({ x: s("bad") }) })) }));
    expect(bad.diagnostics.map((d) => `${d.summary} ${formatPath(d.path ?? [])}`)).toEqual([
      "bad inner .outer[0].inner",
    ]);
  });

  it("group and map blocks take modifiers too", () => {
    const sc = resourceSchema({
      blocks: {
        opts: block.group({
          attributes: { x: attr.string({ optional: true }) },
          planModifiers: [requiresReplace()],
        }),
        labels: block.map({
          attributes: { v: attr.string({ optional: true }) },
          planModifiers: [requiresReplace()],
        }),
      },
    });
    const v = (x: string, label: string) =>
      obj({ opts: obj({ x: s(x) }), labels: mapVal({ a: obj({ v: s(label) }) }) });
    expect(plan(sc, v("1", "a"), v("2", "a")).requiresReplace.map(formatPath)).toEqual([".opts"]);
    expect(plan(sc, v("1", "a"), v("1", "b")).requiresReplace.map(formatPath)).toEqual([".labels"]);
    expect(plan(sc, v("1", "a"), v("1", "a")).action).toBe("noop");
  });
});
