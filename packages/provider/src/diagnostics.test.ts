import {
  attributeStep,
  indexStep,
  listType,
  mapType,
  numberVal,
  objectType,
  setType,
  stringType,
  stringVal,
} from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { Diagnostics, normalisePath, toAttributePath, toWire } from "./diagnostics.js";

const type = objectType({
  tags: mapType(stringType),
  disks: listType(objectType({ size: stringType })),
  zones: setType(stringType),
});

describe("toAttributePath", () => {
  it("turns list indexes into int keys and map keys into string keys", () => {
    expect(
      toAttributePath([attributeStep("disks"), indexStep(numberVal(2)), attributeStep("size")], type),
    ).toEqual([
      { kind: "attribute", name: "disks" },
      { kind: "elementKeyInt", key: 2 },
      { kind: "attribute", name: "size" },
    ]);
    expect(toAttributePath([attributeStep("tags"), indexStep(stringVal("env"))], type)).toEqual([
      { kind: "attribute", name: "tags" },
      { kind: "elementKeyString", key: "env" },
    ]);
  });

  it("cuts the path at a set element, which the protocol cannot address (even a string one)", () => {
    expect(toAttributePath([attributeStep("zones"), indexStep(stringVal("eu"))], type)).toEqual([
      { kind: "attribute", name: "zones" },
    ]);
  });
});

describe("Diagnostics", () => {
  it("collects errors and warnings with paths, and reports whether any is an error", () => {
    const d = new Diagnostics();
    d.warning("Deprecated", "use size_gb", ["disks", 0, "size"]);
    expect(d.hasErrors()).toBe(false);
    d.error("Bad tag", undefined, ["tags", "env"]);
    expect(d.hasErrors()).toBe(true);
    expect(toWire(d.all, type)).toEqual([
      {
        severity: "warning",
        summary: "Deprecated",
        detail: "use size_gb",
        attribute: [
          { kind: "attribute", name: "disks" },
          { kind: "elementKeyInt", key: 0 },
          { kind: "attribute", name: "size" },
        ],
      },
      {
        severity: "error",
        summary: "Bad tag",
        attribute: [
          { kind: "attribute", name: "tags" },
          { kind: "elementKeyString", key: "env" },
        ],
      },
    ]);
  });
});

describe("normalisePath", () => {
  it("rewrites a name step into a map as the key, leaving attribute steps alone", () => {
    expect(normalisePath([attributeStep("tags"), attributeStep("env")], type)).toEqual([
      attributeStep("tags"),
      indexStep(stringVal("env")),
    ]);
    const p = [attributeStep("disks"), indexStep(numberVal(0)), attributeStep("size")];
    expect(normalisePath(p, type)).toEqual(p);
  });
});
