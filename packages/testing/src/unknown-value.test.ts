import { listType, numberType, setType, stringType } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { hclString } from "./fake-core/hcl.js";
import { hclUnknownExpression, refinedUnknown, unknownValue } from "./unknown-value.js";

const hcl = (r: Parameters<typeof unknownValue>[0], type: unknown) =>
  hclUnknownExpression(unknownValue(r).refinements, type, "demo_x.a.f", hclString);

describe("refinedUnknown", () => {
  it("builds go-cty's refined unknown; any refinement implies not null", () => {
    expect(refinedUnknown(stringType, { prefix: "web-" }).refinement).toEqual({
      notNull: true,
      stringPrefix: "web-",
    });
    // Like Terraform's templates: a last character that something could combine with is dropped.
    expect(refinedUnknown(stringType, { prefix: "web" }).refinement?.stringPrefix).toBe("we");
    const n = refinedUnknown(numberType, { min: 1, max: 5 }).refinement;
    expect([n?.notNull, n?.numberLowerBound?.value.text(), n?.numberUpperBound?.value.text()]).toEqual([
      true,
      "1",
      "5",
    ]);
    expect(refinedUnknown(listType(stringType), { minLength: 2 }).refinement).toEqual({
      notNull: true,
      lengthLowerBound: 2,
    });
    const plain = refinedUnknown(stringType, {});
    expect([plain.isKnown(), plain.refinement]).toEqual([false, {}]);
    // Fully determined: collapses to a known value, as go-cty's NewValue does.
    expect(refinedUnknown(numberType, { min: 3, max: 3 }).isKnown()).toBe(true);
  });
});

describe("hclUnknownExpression", () => {
  it("writes expressions terraform evaluates to the same refinements", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: HCL template syntax, not JavaScript's
    expect(hcl({ prefix: 'a"${b}-' }, "string")).toBe('"a\\"$${b}-${timestamp()}"');
    expect(hcl({ min: 1, max: 5n }, "number")).toBe('(timestamp() == "" ? 1 : 5)');
    expect(hcl({ minLength: 1, maxLength: 2 }, ["set", "number"])).toBe(
      '(timestamp() == "" ? toset([0]) : toset([0, 1]))',
    );
    expect(hcl({ minLength: 0, maxLength: 1 }, ["map", "string"])).toBe(
      '(timestamp() == "" ? tomap({}) : tomap({"k0" = "0"}))',
    );
    // A cty Type (a @tfkit/schema schema given to renderHcl) works as well as the JSON form.
    expect(hcl({ minLength: 1, maxLength: 1 }, setType(stringType))).toBe(
      '(timestamp() == "" ? toset(["0"]) : toset(["0"]))',
    );
    expect(hcl({ notNull: true }, "string")).toBe("timestamp()");
    expect(hcl({}, "bool")).toBe('(timestamp() == "" ? null : true)');
  });

  it("names the attribute and points to the fake core when HCL cannot say it", () => {
    expect(() => hcl({ min: 1 }, "number")).toThrow(
      /demo_x\.a\.f: unknownValue\(\{"min":1\}\) needs both min and max under terraform; run this step under the fake core/,
    );
    expect(() => hcl({ prefix: "a" }, "number")).toThrow("has a prefix, but the attribute is a number");
    expect(() => hcl({ minLength: 1, maxLength: 2 }, ["list", ["object", {}]])).toThrow(
      "cannot be written in HCL for a list of complex",
    );
  });
});
