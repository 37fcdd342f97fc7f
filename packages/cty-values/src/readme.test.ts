/// <reference types="node" />
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as cty from "./index.js";

// The README's first example, run for real: README snippets must keep working.
describe("README", () => {
  it("the first-look example round-trips through msgpack", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    expect(readme).toContain("const bytes = toMsgpack(planned, serverType);");

    const serverType = cty.objectType({
      id: cty.stringType,
      name: cty.stringType,
      port: cty.numberType,
      tags: cty.mapType(cty.stringType),
    });
    const planned = cty.objectVal({
      id: cty.unknownVal(cty.stringType),
      name: cty.stringVal("web"),
      port: cty.numberVal(8080),
      tags: cty.mapVal({ env: cty.stringVal("prod") }),
    });
    const bytes = cty.toMsgpack(planned, serverType);
    // Spec §2.8 example 32 without the `enabled` attribute: keys sorted, unknown = d4 00 00.
    expect(Buffer.from(bytes).toString("hex")).toBe(
      "84a26964d40000a46e616d65a3776562a4706f7274cd1f90a47461677381a3656e76a470726f64",
    );
    expect(cty.rawEquals(planned, cty.fromMsgpack(bytes, serverType))).toBe(true);
  });

  it("the two 0.1s of the Exactness section", () => {
    const parsed = cty.numberVal("0.1");
    const float = cty.numberVal(0.1);
    expect(cty.equals(parsed, float).asBool()).toBe(true);
    expect(Buffer.from(cty.toMsgpack(parsed, cty.numberType)).toString("hex")).toBe("a3302e31");
    expect(Buffer.from(cty.toMsgpack(float, cty.numberType)).toString("hex")).toBe("cb3fb999999999999a");
  });
});
