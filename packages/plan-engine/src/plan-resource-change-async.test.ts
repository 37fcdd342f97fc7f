import { nullVal, objectVal, rawEquals, stringVal, unknownVal } from "@tfkit/cty-values";
import { attr, resourceSchema } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { planModifier } from "./plan-modifier.js";
import { planResourceChange, planResourceChangeAsync } from "./plan-resource-change.js";

describe("planResourceChangeAsync", () => {
  let runs = 0;
  const schema = resourceSchema({
    attributes: {
      id: attr.string({ computed: true }),
      name: attr.string({
        required: true,
        planModifiers: [
          planModifier({
            modify: () => {
              runs++;
              return { diagnostics: [{ severity: "warning", summary: "checked name" }] };
            },
          }),
        ],
      }),
    },
  });
  const config = objectVal({ id: nullVal(schema.attributes.id.type), name: stringVal("a") });
  const prior = nullVal(schema.type);

  it("runs every plan modifier and reports its warning once, then awaits modifyPlan once", async () => {
    runs = 0;
    let hookRuns = 0;
    const result = await planResourceChangeAsync({
      schema,
      prior,
      proposed: config,
      config,
      modifyPlan: async (r) => {
        hookRuns++;
        await Promise.resolve();
        expect(r.planned.getAttr("id").isKnown()).toBe(false);
        return { planned: objectVal({ id: stringVal("fixed"), name: r.planned.getAttr("name") }) };
      },
    });
    expect(runs).toBe(1);
    expect(hookRuns).toBe(1);
    expect(result.diagnostics.map((d) => d.summary)).toEqual(["checked name"]);
    expect(result.plannedState.getAttr("id").asString()).toBe("fixed");
    expect(result.action).toBe("create");
  });

  it("plans exactly as the synchronous pipeline", async () => {
    const hook = () => ({
      planned: objectVal({ id: unknownVal(schema.attributes.id.type), name: stringVal("a") }),
    });
    const sync = planResourceChange({ schema, prior, proposed: config, config, modifyPlan: hook });
    const async_ = await planResourceChangeAsync({
      schema,
      prior,
      proposed: config,
      config,
      modifyPlan: hook,
    });
    expect(rawEquals(async_.plannedState, sync.plannedState)).toBe(true);
    expect(async_.action).toBe(sync.action);
    expect(async_.diagnostics).toEqual(sync.diagnostics);
  });

  it("refuses a planned state on destroy, once", async () => {
    const result = await planResourceChangeAsync({
      schema,
      prior: config,
      proposed: nullVal(schema.type),
      config: nullVal(schema.type),
      modifyPlan: async () => ({ planned: config }),
    });
    expect(result.diagnostics.map((d) => d.summary)).toEqual([
      "Unexpected Planned Resource State on Destroy",
    ]);
  });
});
