import { listVal, nullVal, objectVal, stringVal, unknownVal } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { attr } from "./attribute.js";
import { block } from "./block.js";
import { fromModel } from "./model.js";
import { resourceSchema } from "./schema.js";
import { nullWriteOnlyAttributes } from "./write-only.js";

const schema = resourceSchema({
  attributes: {
    name: attr.string({ required: true }),
    token: attr.string({ optional: true, writeOnly: true }),
    login: attr.listNested(
      { user: attr.string({ required: true }), password: attr.string({ optional: true, writeOnly: true }) },
      { optional: true },
    ),
  },
  blocks: { auth: block.single({ attributes: { key: attr.string({ optional: true, writeOnly: true }) } }) },
});

describe("nullWriteOnlyAttributes", () => {
  it("nulls write-only values at every depth and keeps the rest", () => {
    const v = fromModel(
      schema,
      {
        name: "n",
        token: "t",
        login: [{ user: "u", password: "p" }],
        auth: { key: "k" },
      } as never,
      "config",
    );
    const out = nullWriteOnlyAttributes(schema, v);
    expect(out.getAttr("token").isNull()).toBe(true);
    const login = out.getAttr("login").elements()[0];
    expect(login?.getAttr("password").isNull()).toBe(true);
    expect(login?.getAttr("user").asString()).toBe("u");
    expect(out.getAttr("auth").getAttr("key").isNull()).toBe(true);
    expect(out.getAttr("name").asString()).toBe("n");
  });
  it("returns the value itself when nothing is write-only-set, and nulls an unknown write-only value", () => {
    const clean = objectVal({
      name: stringVal("n"),
      token: nullVal(schema.attributes.token.type),
      login: listVal([
        objectVal({
          user: stringVal("u"),
          password: nullVal(schema.attributes.login.objectType.attributeTypes.password!),
        }),
      ]),
      auth: nullVal(schema.blocks.auth.objectType),
    });
    expect(nullWriteOnlyAttributes(schema, clean)).toBe(clean);
    const m = new Map(clean.entries());
    m.set("token", unknownVal(schema.attributes.token.type));
    expect(nullWriteOnlyAttributes(schema, objectVal(m)).getAttr("token").isNull()).toBe(true);
  });
});
