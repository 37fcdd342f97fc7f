// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL templates are the subject here.
import { isValue, toJson, type Value } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { HclEvalError, evaluate } from "./evaluate.js";
import { HclSyntaxError, HclUnsupported, parseExpression, parseHcl } from "./parse.js";

const noRefs = {
  resolve: (root: string) => {
    throw new Error(`unexpected reference ${root}`);
  },
};
const ev = (src: string): Value => evaluate(parseExpression(src), noRefs);
const json = (src: string): unknown => {
  const v = ev(src);
  return JSON.parse(toJson(v, v.type));
};

describe("parseHcl", () => {
  it("reads blocks, labels, attributes and nested blocks", () => {
    const body = parseHcl(`
# comment
resource "demo_server" "web" {
  name = "web" // trailing
  /* block
     comment */
  tags = {
    env = "dev"
    "x-y" = 1, z = true
  }
  lifecycle { ignore_changes = [tags] }
}
locals { n = 3 }
`);
    expect(body.blocks.map((b) => [b.type, ...b.labels])).toEqual([
      ["resource", "demo_server", "web"],
      ["locals"],
    ]);
    const r = body.blocks[0];
    expect([...(r?.body.attributes.keys() ?? [])]).toEqual(["name", "tags"]);
    expect(r?.body.blocks[0]?.type).toBe("lifecycle");
  });

  it("rejects two arguments on one line and duplicate arguments, with positions", () => {
    expect(() => parseHcl(`a = 1 b = 2`)).toThrow(HclSyntaxError);
    expect(() => parseHcl(`a = 1\na = 2`)).toThrow(/line 2, column 1: duplicate argument "a"/);
    expect(() => parseHcl(`x {\n  a = "unterminated\n}`)).toThrow(/unterminated string/);
  });

  it("refuses what it does not evaluate, naming it", () => {
    expect(() => parseExpression("a.b[*].c")).toThrow(HclUnsupported);
    expect(() => parseExpression("a.*.c")).toThrow(/splat/);
    expect(() => parseExpression('"%{ if true }x%{ endif }"')).toThrow(/template directives/);
    expect(() => parseExpression("{ for k, v in x : k => v... }")).toThrow(/grouping/);
  });
});

describe("evaluate", () => {
  it("evaluates literals, templates, heredocs and operators", () => {
    expect(json('"a${1 + 2}b"')).toBe("a3b");
    expect(json('"$${x} %%{y}"')).toBe("${x} %{y}");
    expect(json('[1, "two", true, null]')).toEqual([1, "two", true, null]);
    expect(json('{ a = 1, "b" = [2] }')).toEqual({ a: 1, b: [2] });
    expect(json("10 / 4 * 2 - 1")).toBe(4);
    expect(json("!(1 < 2) || 3 >= 3")).toBe(true);
    expect(json('1 == 1 && "a" != "b"')).toBe(true);
    expect(json('true ? 1 : "x"')).toBe("1"); // unified to string, as HCL does
    expect(json("-5 + 2")).toBe(-3);
    const heredoc = parseHcl('x = <<-EOT\n    hello ${"you"}\n      indented\n    EOT\n').attributes.get("x");
    expect(json(`"${""}"`)).toBe("");
    const v = evaluate(heredoc?.expr as never, noRefs);
    expect(v.asString()).toBe("hello you\n  indented\n");
  });

  it("evaluates for expressions and index/attribute access", () => {
    expect(json('[for s in ["a", "b"] : upper(s)]')).toEqual(["A", "B"]);
    expect(json('{ for i, s in ["a", "b"] : s => i if s != "b" }')).toEqual({ a: 0 });
    expect(json("{ a = { b = [10, 20] } }.a.b[1]")).toBe(20);
    expect(json('{ a = 1 }["a"]')).toBe(1);
    expect(() => ev("[1][3]")).toThrow(HclEvalError);
  });

  it("calls the built-in functions", () => {
    expect(json('format("%s-%d-%v%%", "a", 7, true)')).toBe("a-7-true%");
    expect(json('jsonencode({ b = [1, "<x>"], a = null })')).toBe('{"a":null,"b":[1,"\\u003cx\\u003e"]}');
    expect(json('jsondecode("{\\"a\\": [1, 2.5, \\"x\\"]}")')).toEqual({ a: [1, 2.5, "x"] });
    expect(json('length("héllo")')).toBe(5);
    expect(json('length(["a", "b"])')).toBe(2);
    expect(json('join(",", ["a", "b"], ["c"])')).toBe("a,b,c");
    expect(json('split(",", "a,b")')).toEqual(["a", "b"]);
    expect(json('replace("a-b-c", "-", "+")')).toBe("a+b+c");
    expect(json('lookup({ a = 1 }, "b", 2)')).toBe(2);
    expect(json("merge({ a = 1, b = 2 }, { b = 3 })")).toEqual({ a: 1, b: 3 });
    expect(json('concat(["a"], ["b", "c"])')).toEqual(["a", "b", "c"]);
    expect(json('element(["a", "b"], 3)')).toBe("b");
    expect(json('coalesce("", null, "x")')).toBe("x");
    expect(json('tolist(toset(["b", "a", "b"]))')).toEqual(["a", "b"]);
    expect(json("tostring(12)")).toBe("12");
    expect(json('tonumber("12")')).toBe(12);
    expect(json("keys({ b = 1, a = 2 })")).toEqual(["a", "b"]);
    expect(json('try(jsondecode("nope"), "fallback")')).toBe("fallback");
    expect(json("can([][0])")).toBe(false);
    expect(json('sha256("a")')).toBe("ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb");
    expect(() => ev("nosuchfn(1)")).toThrow(/the function nosuchfn\(\)/);
    expect(() => ev('format("%x", 1)')).toThrow(HclUnsupported);
  });

  it("takes the remainder as cty's Modulo does: the sign of the dividend, x % 0 is x", () => {
    expect(json("17 % 10")).toBe(7);
    expect(json("-7 % 3")).toBe(-1);
    expect(json("7 % -3")).toBe(1);
    expect(json("5 % 0")).toBe(5);
    expect(json("123456789012345678901 % 10")).toBe(1);
    expect(() => ev("7.5 % 2")).toThrow(/the operator % with fractional or infinite operands/);
  });

  it("keeps unknowns unknown, refined as HCL refines templates", () => {
    const unknown = {
      resolve: () => ({
        value: evaluate(parseExpression("1"), noRefs).type ? unknownString() : unknownString(),
        used: 1,
      }),
    };
    const t = evaluate(parseExpression('"web-${x.y}"'), unknown);
    expect(t.isKnown()).toBe(false);
    expect(isValue(t)).toBe(true);
    const u = evaluate(parseExpression("upper(x.y)"), unknown);
    expect(u.isKnown()).toBe(false);
    expect(evaluate(parseExpression("merge({ a = 1 }, { b = x.y })"), unknown).isKnown()).toBe(true);
    expect(evaluate(parseExpression("false && x.y == 1"), unknown).asBool()).toBe(false);
    expect(evaluate(parseExpression('coalesce("a", x.y)'), unknown).asString()).toBe("a");
  });
});

import { stringType, unknownVal } from "@tfkit/cty-values";
function unknownString(): Value {
  return unknownVal(stringType);
}

describe("yamlencode, yamldecode, csvdecode", () => {
  // Expected texts printed by terraform 1.11.4 (`terraform output -raw`) for the same expressions.
  it("yamlencode writes go-cty-yaml's block style, keys sorted, strings double-quoted", () => {
    const y1 = ev(
      'yamlencode([{ arr = [1, 2, 3], bool = true, num = 1.23, str = "obj1" }, { arr = [], m = {}, n = null, nested = { a = [["x", "y"], { b = "q\\"u\\\\o" }] } }])',
    );
    expect(y1.asString()).toBe(
      '- "arr":\n  - 1\n  - 2\n  - 3\n  "bool": true\n  "num": 1.23\n  "str": "obj1"\n- "arr": []\n  "m": {}\n  "n": null\n  "nested":\n    "a":\n    - - "x"\n      - "y"\n    - "b": "q\\"u\\\\o"\n',
    );
    const y2 = ev('yamlencode({ "a b" = "tab\\there", z = "é ünï", e = "" })');
    expect(y2.asString()).toBe('"a b": "tab\\there"\n"e": ""\n"z": "é ünï"\n');
    // libyaml's literal style and line folding are not reproduced: refused, not guessed.
    expect(() => ev('yamlencode("two\\nlines")')).toThrow(HclUnsupported);
  });
  it("yamldecode reads JSON-compatible YAML and refuses block style", () => {
    expect(json('yamldecode("{\\"a\\": [1, 2.5, \\"x\\", null, true]}")')).toEqual({
      a: [1, 2.5, "x", null, true],
    });
    expect(() => ev('yamldecode("a: 1")')).toThrow(HclUnsupported);
  });
  it("csvdecode: a header, quoted fields, empty lines skipped, CRLF", () => {
    expect(json('csvdecode("a,b\\n1,\\"x,\\"\\"y\\"\\"\\"\\n\\n3,4\\r\\n")')).toEqual([
      { a: "1", b: 'x,"y"' },
      { a: "3", b: "4" },
    ]);
    const empty = ev('csvdecode("a,b\\n")');
    expect(empty.type.kind).toBe("list");
    expect(empty.elements()).toHaveLength(0);
    expect(() => ev('csvdecode("a,b\\n1\\n")')).toThrow(/record on line 2: wrong number of fields/);
  });
});
