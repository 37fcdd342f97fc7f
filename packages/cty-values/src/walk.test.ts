import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rawEquals } from "./equality.js";
import { formatPath, type Path } from "./path.js";
import { valueGoString } from "./type-format.js";
import { stringType } from "./type.js";
import { setVal } from "./set.js";
import {
  False,
  listVal,
  mapVal,
  mark,
  nullVal,
  numberVal,
  objectVal,
  stringVal,
  True,
  tupleVal,
  unknownVal,
  unmarkDeep,
  type Value,
} from "./value.js";
import { markWithPaths, transform, transformWith, unmarkDeepWithPaths, walk } from "./walk.js";

const sample = objectVal({
  b: listVal([stringVal("x"), unknownVal(stringType)]),
  a: mapVal({ k: numberVal(1) }),
  s: setVal([True, False]),
  t: tupleVal([nullVal(stringType)]),
});

describe("walk (cty.Walk)", () => {
  it("visits parents before children, depth-first, attributes in name order", () => {
    const seen: string[] = [];
    walk(sample, (path) => {
      seen.push(formatPath(path));
    });
    expect(seen).toEqual([
      "",
      ".a",
      '.a["k"]',
      ".b",
      ".b[0]",
      ".b[1]",
      ".s",
      ".s[...]",
      ".s[...]",
      ".t",
      ".t[0]",
    ]);
  });

  it("skips children when the callback returns false", () => {
    const seen: string[] = [];
    walk(sample, (path, v) => {
      seen.push(formatPath(path));
      return v.type.kind !== "list";
    });
    expect(seen).not.toContain(".b[0]");
    expect(seen).toContain('.a["k"]');
  });

  it("uses the element itself as a set step key", () => {
    const keys: Value[] = [];
    walk(setVal([stringVal("p"), stringVal("q")]), (path) => {
      const last = path[path.length - 1];
      if (last?.kind === "index") keys.push(last.key);
    });
    expect(keys).toEqual([stringVal("p"), stringVal("q")]);
  });
});

describe("transform (cty.Transform)", () => {
  it("rebuilds bottom-up", () => {
    const up = transform(sample, (_p, v) =>
      v.type.kind === "string" && v.isKnown() && !v.isNull() ? stringVal(v.asString().toUpperCase()) : v,
    );
    expect(valueGoString(up.getAttr("b"))).toBe(
      'cty.ListVal([]cty.Value{cty.StringVal("X"), cty.UnknownVal(cty.String)})',
    );
  });

  it("re-canonicalizes sets", () => {
    const out = transform(setVal([stringVal("a"), stringVal("b")]), (_p, v) =>
      v.type.kind === "string" ? stringVal("same") : v,
    );
    expect(out.lengthInt()).toBe(1);
  });

  it("sees children before parents", () => {
    const order: string[] = [];
    transformWith(listVal([stringVal("a")]), {
      enter: (p, v) => {
        order.push(`enter ${formatPath(p)}`);
        return v;
      },
      exit: (p, v) => {
        order.push(`exit ${formatPath(p)}`);
        return v;
      },
    });
    expect(order).toEqual(["enter ", "enter [0]", "exit [0]", "exit "]);
  });
});

describe("unmarkDeepWithPaths / markWithPaths", () => {
  const marked = objectVal({
    secret: mark(stringVal("s"), "sensitive"),
    list: mark(listVal([mark(stringVal("x"), "ephemeral")]), "sensitive"),
    set: setVal([mark(stringVal("e"), "m")]),
  });

  it("records where each mark was", () => {
    const [plain, pvm] = unmarkDeepWithPaths(marked);
    expect(rawEquals(plain, unmarkDeep(marked))).toBe(true);
    expect(pvm.map((x) => [formatPath(x.path), [...x.marks].sort()])).toEqual([
      [".list", ["sensitive"]],
      [".list[0]", ["ephemeral"]],
      [".secret", ["sensitive"]],
      [".set", ["m"]],
    ]);
  });

  it("round-trips", () => {
    const [plain, pvm] = unmarkDeepWithPaths(marked);
    expect(rawEquals(markWithPaths(plain, pvm), marked)).toBe(true);
  });

  it("ignores paths that are not in the value", () => {
    const [plain] = unmarkDeepWithPaths(marked);
    const out = markWithPaths(plain, [
      { path: [{ kind: "attribute", name: "nope" }] as Path, marks: new Set(["x"]) },
    ]);
    expect(rawEquals(out, plain)).toBe(true);
  });
});

describe("walk/transform properties", () => {
  const leaf = fc.oneof(
    fc.string().map(stringVal),
    fc.integer().map((n) => numberVal(n)),
    fc.constant(True),
  );
  const tree: fc.Arbitrary<Value> = fc.letrec<{ node: Value }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      fc.array(tie("node"), { maxLength: 3 }).map((xs) => tupleVal(xs)),
      fc.dictionary(fc.string({ maxLength: 2 }), tie("node"), { maxKeys: 3 }).map((d) => objectVal(d)),
    ),
  })).node;

  it("walk visits every nested value exactly once", () => {
    fc.assert(
      fc.property(tree, (v) => {
        let visits = 0;
        walk(v, () => {
          visits++;
        });
        expect(visits).toBe(countNodes(v));
      }),
    );
  });

  it("identity transform preserves the value", () => {
    fc.assert(
      fc.property(tree, (v) => {
        expect(
          rawEquals(
            transform(v, (_p, x) => x),
            v,
          ),
        ).toBe(true);
      }),
    );
  });

  it("marks survive an unmark/mark round trip", () => {
    fc.assert(
      fc.property(tree, fc.array(fc.boolean(), { maxLength: 40 }), (v, flags) => {
        let i = 0;
        const marked = transform(v, (_p, x) => (flags[i++ % Math.max(flags.length, 1)] ? mark(x, "m") : x));
        const [plain, pvm] = unmarkDeepWithPaths(marked);
        expect(rawEquals(markWithPaths(plain, pvm), marked)).toBe(true);
      }),
    );
  });
});

function countNodes(v: Value): number {
  if (!v.isKnown() || v.isNull()) return 1;
  const p = v.payload;
  if (Array.isArray(p)) return 1 + (p as Value[]).reduce((n, e) => n + countNodes(e), 0);
  if (p instanceof Map)
    return 1 + [...(p as Map<string, Value>).values()].reduce((n, e) => n + countNodes(e), 0);
  return 1;
}
