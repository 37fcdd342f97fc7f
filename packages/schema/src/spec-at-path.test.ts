import { attributeStep, indexStep, numberVal, stringVal } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { attr } from "./attribute.js";
import { block } from "./block.js";
import { toPath } from "./path-access.js";
import { resourceSchema } from "./schema.js";
import { specAtPath } from "./spec-at-path.js";
import { t } from "./type-constructors.js";

const ok = { optional: true } as const;
const schema = resourceSchema({
  attributes: {
    password: attr.string({ optional: true, sensitive: true }),
    ports: attr.list(t.object({ n: t.int64 }), ok),
    disks: attr.mapNested(
      { size: attr.int64(ok), key: attr.string({ optional: true, sensitive: true }) },
      ok,
    ),
  },
  blocks: {
    nic: block.list({
      attributes: { ip: attr.string(ok) },
      blocks: { alias: block.set({ attributes: { n: attr.string(ok) } }) },
    }),
  },
});

describe("specAtPath", () => {
  it("finds attributes and blocks through nested collections", () => {
    expect(specAtPath(schema, toPath(["password"]))).toBe(schema.attributes.password);
    expect(
      specAtPath(schema, [attributeStep("disks"), indexStep(stringVal("a")), attributeStep("key")]),
    ).toBe(schema.attributes.disks.attributes.key);
    expect(specAtPath(schema, toPath(["nic", 0, "ip"]))).toBe(schema.blocks.nic.attributes.ip);
    expect(specAtPath(schema, toPath(["nic", 0, "alias"]))).toBe(schema.blocks.nic.blocks.alias);
    expect(specAtPath(schema, toPath(["nic"]))).toBe(schema.blocks.nic);
  });

  it("answers with the plain attribute containing a deeper path", () => {
    expect(specAtPath(schema, [attributeStep("ports"), indexStep(numberVal(0)), attributeStep("n")])).toBe(
      schema.attributes.ports,
    );
  });

  it("answers undefined for unknown names and the empty path", () => {
    expect(specAtPath(schema, toPath(["nope"]))).toBeUndefined();
    expect(specAtPath(schema, toPath(["nic", 0, "nope"]))).toBeUndefined();
    expect(specAtPath(schema, [])).toBeUndefined();
    expect(specAtPath(schema, toPath([0]))).toBeUndefined();
  });
});
