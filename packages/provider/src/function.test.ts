import {
  dynamicType,
  listType,
  numberType,
  numberVal,
  nullVal,
  stringType,
  stringVal,
  unknownVal,
  type Value,
} from "@tfkit/cty-values";
import { t } from "@tfkit/schema";
import { describe, expect, it } from "vitest";
import { call, decode, dv } from "../test/support.js";
import { FunctionArgumentError, ProviderError } from "./errors.js";
import { defineFunction } from "./function.js";
import { defineProvider } from "./provider.js";

const repeat = defineFunction({
  name: "repeat",
  summary: "Repeats a string",
  parameters: [
    { name: "text", type: t.string },
    { name: "count", type: t.int64 },
  ],
  returns: t.string,
  run: ([text, count]) => {
    if (count < 0) throw new FunctionArgumentError(1, "count must not be negative");
    return text.repeat(Number(count));
  },
});

const join = defineFunction({
  name: "join",
  parameters: [{ name: "separator", type: t.string, allowNull: true }],
  variadic: { name: "parts", type: t.string },
  returns: t.string,
  run: ([sep], parts) => parts.join(sep ?? ","),
});

const known = defineFunction({
  name: "is_known",
  parameters: [{ name: "value", type: t.dynamic, allowUnknown: true }],
  returns: t.bool,
  run: ([v]) => typeof v !== "symbol" && v.isKnown(),
});

const broken = defineFunction({
  name: "broken",
  parameters: [],
  returns: t.list(t.string),
  run: () => "not a list" as unknown as string[],
});

const failing = defineFunction({
  name: "failing",
  parameters: [],
  returns: t.string,
  run: () => {
    throw new ProviderError("Lookup failed", { detail: "no such key" });
  },
});

// Functions run on an unconfigured provider: configure is never called.
const provider = defineProvider({
  metadata: { typeName: "demo" },
  configure: () => {
    throw new Error("configure must not run for functions");
  },
  functions: [repeat, join, known, broken, failing],
});

const arg = (v: Value, ty = v.type) => dv(v, ty);

describe("provider functions", () => {
  it("calls with typed arguments on an unconfigured provider", async () => {
    const r = await provider.callFunction!(
      { name: "repeat", arguments: [arg(stringVal("ab")), arg(numberVal(3))] },
      call(),
    );
    expect(r.error).toBeUndefined();
    expect(decode(r.result, stringType).asString()).toBe("ababab");
  });

  it("an error on one argument becomes a FunctionError with its index", async () => {
    const r = await provider.callFunction!(
      { name: "repeat", arguments: [arg(stringVal("ab")), arg(numberVal(-1))] },
      call(),
    );
    expect(r.error).toEqual({ text: "count must not be negative", functionArgument: 1 });
  });

  it("a non-integer for an int64 parameter is blamed on that argument", async () => {
    const r = await provider.callFunction!(
      { name: "repeat", arguments: [arg(stringVal("ab")), arg(numberVal(1.5))] },
      call(),
    );
    expect(r.error?.functionArgument).toBe(1);
  });

  it("variadic arguments arrive as extra trailing values", async () => {
    const r = await provider.callFunction!(
      {
        name: "join",
        arguments: [arg(stringVal("-")), arg(stringVal("a")), arg(stringVal("b")), arg(stringVal("c"))],
      },
      call(),
    );
    expect(decode(r.result, stringType).asString()).toBe("a-b-c");
    const none = await provider.callFunction!(
      { name: "join", arguments: [arg(nullVal(stringType))] },
      call(),
    );
    expect(decode(none.result, stringType).asString()).toBe("");
  });

  it("null is refused unless allowed, naming the argument", async () => {
    const r = await provider.callFunction!(
      { name: "repeat", arguments: [arg(nullVal(stringType)), arg(numberVal(1))] },
      call(),
    );
    expect(r.error).toEqual({
      text: 'Invalid value for "text" parameter: argument must not be null.',
      functionArgument: 0,
    });
  });

  it("unknown values reach a parameter that allows them", async () => {
    const r = await provider.callFunction!(
      { name: "is_known", arguments: [dv(unknownVal(numberType), dynamicType)] },
      call(),
    );
    expect(r.error).toBeUndefined();
    expect(decode(r.result, t.bool.type).asBool()).toBe(false);
  });

  it("wrong argument counts, unknown functions, bad results and ProviderErrors are errors, never crashes", async () => {
    expect(
      (await provider.callFunction!({ name: "repeat", arguments: [arg(stringVal("a"))] }, call())).error
        ?.text,
    ).toBe("function repeat takes exactly 2 arguments, got 1");
    expect((await provider.callFunction!({ name: "nope", arguments: [] }, call())).error?.text).toContain(
      'no function "nope"',
    );
    expect((await provider.callFunction!({ name: "broken", arguments: [] }, call())).error?.text).toContain(
      "does not fit its return type",
    );
    expect((await provider.callFunction!({ name: "failing", arguments: [] }, call())).error).toEqual({
      text: "Lookup failed: no such key",
    });
  });

  it("declares signatures with type JSON, variadic parameter and flags", () => {
    const s = provider.getProviderSchema({}, call()) as { functions?: Record<string, unknown> };
    expect(s.functions?.join).toMatchObject({
      parameters: [{ name: "separator", type: '"string"', allowNullValue: true, allowUnknownValues: false }],
      variadicParameter: { name: "parts", type: '"string"' },
      returnType: '"string"',
    });
    expect(s.functions?.broken).toMatchObject({ returnType: JSON.stringify(["list", "string"]) });
    expect(listType(stringType).kind).toBe("list");
  });

  it("refuses invalid names at definition time", () => {
    expect(() =>
      defineFunction({ name: "bad name", parameters: [], returns: t.string, run: () => "" }),
    ).toThrow(/not a valid identifier/);
    expect(() =>
      defineFunction({
        name: "dup",
        parameters: [
          { name: "a", type: t.string },
          { name: "a", type: t.string },
        ],
        returns: t.string,
        run: () => "",
      }),
    ).toThrow(/duplicate parameter name "a"/);
  });
});

describe("function diagnostics", () => {
  it("an error added to ctx.diagnostics becomes the FunctionError", async () => {
    const f = defineFunction({
      name: "checked",
      parameters: [],
      returns: t.string,
      run: (_args, _rest, ctx) => {
        ctx.diagnostics.error("Not allowed", "checked() is disabled");
        return "x";
      },
    });
    const p = defineProvider({ metadata: { typeName: "demo" }, functions: [f] });
    const r = await p.callFunction!({ name: "checked", arguments: [] }, call());
    expect(r).toEqual({ error: { text: "Not allowed: checked() is disabled" } });
  });
});
