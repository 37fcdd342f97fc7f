import type { Value } from "@tfkit/cty-values";
import {
  fromMsgpack,
  nullVal,
  numberVal,
  objectVal,
  setVal,
  stringType,
  stringVal,
  toMsgpack,
} from "@tfkit/cty-values";
import { type AnyAttributeSpec, attr, resourceSchema } from "@tfkit/schema";
import { bench, describe } from "vitest";
import { planResourceChange } from "./plan-resource-change.js";
import { proposedNew } from "./proposed-new.js";

// The benchmark: a resource with 200 attributes and a 1,000-element set-nested attribute.
// The floor is decoding and re-encoding the values planning needs (prior, config, planned) with
// msgpack, which any provider must do anyway. Run with `npm run bench -w @tfkit/plan-engine`.

function schemaWith(keyBy: readonly string[]) {
  const attributes: Record<string, AnyAttributeSpec> = {};
  for (let i = 0; i < 200; i++) {
    attributes[`a${i}`] = i % 3 === 0 ? attr.string({ computed: true }) : attr.string({ optional: true });
  }
  attributes.items = attr.setNested(
    {
      name: attr.string({ required: true }),
      size: attr.int64({ optional: true }),
      uid: attr.string({ computed: true }),
    },
    { optional: true, keyBy },
  );
  return resourceSchema({ attributes });
}

function value(withComputed: boolean, sizeOffset: number): Value {
  const o: Record<string, Value> = {};
  for (let i = 0; i < 200; i++) {
    o[`a${i}`] = i % 3 === 0 ? (withComputed ? stringVal(`c${i}`) : nullVal(stringType)) : stringVal(`v${i}`);
  }
  const els: Value[] = [];
  for (let j = 0; j < 1000; j++) {
    els.push(
      objectVal({
        name: stringVal(`n${j}`),
        size: numberVal(j + sizeOffset),
        uid: withComputed ? stringVal(`u${j}`) : nullVal(stringType),
      }),
    );
  }
  o.items = setVal(els);
  return objectVal(o);
}

for (const [label, sizeOffset] of [
  ["one attribute changed", 0],
  ["every set element changed", 5000],
] as const) {
  describe(`200 attributes + 1,000-element set, ${label}`, () => {
    const framework = schemaWith([]);
    const keyed = schemaWith(["name"]);
    const prior = value(true, 0);
    const config = objectVal({
      ...Object.fromEntries(value(false, sizeOffset).entries()),
      a1: stringVal("changed"),
    });
    const T = framework.type;
    const proposed = proposedNew(framework, prior, config);
    bench("floor: msgpack decode + encode of prior, config, planned", () => {
      for (const v of [prior, config, proposed]) fromMsgpack(toMsgpack(v, T), T);
    });
    bench("proposedNew (core)", () => {
      proposedNew(framework, prior, config);
    });
    bench("planResourceChange (framework rules)", () => {
      planResourceChange({ schema: framework, prior, proposed, config });
    });
    bench("planResourceChange (keyBy name)", () => {
      planResourceChange({ schema: keyed, prior, proposed, config });
    });
  });
}
