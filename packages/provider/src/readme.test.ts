// The README's complete example is test/readme-example.ts, verbatim; here it runs through plan,
// apply, refresh, update, replace, import and destroy in-process.
import { readFileSync } from "node:fs";
import { nullVal, numberVal, objectVal, stringVal, type Value } from "@tfkit/cty-values";
import { proposedNew } from "@tfkit/plan-engine";
import { describe, expect, it } from "vitest";
import { pet, provider } from "../test/readme-example.js";
import { call, decode, dv, noBytes } from "../test/support.js";

const T = pet.schema.type;
const cfg = (name: string, species: string, age?: number): Value =>
  objectVal({
    id: nullVal(T.attributeTypes.id!),
    name: stringVal(name),
    species: stringVal(species),
    age: age === undefined ? nullVal(T.attributeTypes.age!) : numberVal(age),
  });

async function plan(prior: Value, config: Value) {
  const proposed = config.isNull() ? nullVal(T) : proposedNew(pet.schema, prior, config);
  return provider.planResourceChange!(
    {
      typeName: "petstore_pet",
      priorState: dv(prior, T),
      proposedNewState: dv(proposed, T),
      config: dv(config, T),
      priorPrivate: noBytes,
      plannedPrivate: noBytes,
    },
    call(),
  );
}
async function apply(prior: Value, planned: Value, config: Value) {
  return provider.applyResourceChange!(
    {
      typeName: "petstore_pet",
      priorState: dv(prior, T),
      plannedState: dv(planned, T),
      config: dv(config, T),
      plannedPrivate: noBytes,
    },
    call(),
  );
}

describe("README example", () => {
  it("is test/readme-example.ts verbatim", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const file = readFileSync(new URL("../test/readme-example.ts", import.meta.url), "utf8");
    const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBe(file);
  });

  it("runs the whole lifecycle", async () => {
    await provider.configureProvider!(
      {
        terraformVersion: "1.11.4",
        config: dv(objectVal({ endpoint: stringVal("http://x") }), provider.definition.schema!.type),
      },
      call(),
    );
    const store = provider.client!;
    expect(store.endpoint).toBe("http://x");

    const p1 = await plan(nullVal(T), cfg("rex", "dog"));
    expect(p1.diagnostics).toEqual([]);
    const a1 = await apply(nullVal(T), decode(p1.plannedState, T), cfg("rex", "dog"));
    expect(a1.diagnostics).toEqual([]);
    const s1 = decode(a1.newState, T);
    expect(s1.getAttr("id").asString()).toBe("pet-1");
    expect(s1.getAttr("age").asNumber().toFloat64()).toBe(0);

    const noop = await plan(s1, cfg("rex", "dog"));
    expect(decode(noop.plannedState, T).getAttr("id").asString()).toBe("pet-1");
    expect(noop.requiresReplace).toEqual([]);

    const p2 = await plan(s1, cfg("rex", "dog", 3));
    const a2 = await apply(s1, decode(p2.plannedState, T), cfg("rex", "dog", 3));
    expect(a2.diagnostics).toEqual([]);
    expect(store.pets.get("pet-1")?.age).toBe(3);

    const p3 = await plan(decode(a2.newState, T), cfg("rex", "cat", 3));
    expect(p3.requiresReplace).toEqual([[{ kind: "attribute", name: "species" }]]);

    const imported = await provider.importResourceState!({ typeName: "petstore_pet", id: "pet-1" }, call());
    const read = await provider.readResource!(
      { typeName: "petstore_pet", currentState: imported.importedResources![0]!.state, private: noBytes },
      call(),
    );
    expect(read.diagnostics).toEqual([]);
    expect(decode(read.newState, T).getAttr("name").asString()).toBe("rex");

    const a3 = await apply(decode(a2.newState, T), nullVal(T), nullVal(T));
    expect(a3.diagnostics).toEqual([]);
    expect(store.pets.size).toBe(0);
  });
});
