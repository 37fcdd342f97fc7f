/**
 * fast-check generators for the fuzz suite: valid msgpack trees of a cty type, schema-aware
 * mutations of them, private state bytes, JSON states, import IDs, function arguments, and one
 * request per tfplugin6 RPC built from those.
 */
import type { Type } from "@tfkit/cty-values";
import fc from "fast-check";
import { arr, encode, int, map, type Node, nil, nodesOf, refined, str, unknown } from "./msgpack.js";
import type { Target } from "./schema.js";

const utf8 = new TextEncoder();

/** Strings a provider's hooks react to, mixed with arbitrary ones (no `/`: store paths stay in the temp dir). */
const arbString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "",
      "a",
      "default",
      "net-default",
      "net-1",
      "srv-1",
      "vol-1",
      "debian-12",
      "ubuntu-24.04",
      "true",
      "false",
      "small",
      "10.0.0.0/16",
      "10.0.0.0/33",
      "300.1.2.3/8",
      "10.0.0.0",
      "::1/128",
      "1.2.3.4/-1",
      "fuzz-store",
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }).map((s) => s.replaceAll("/", "_")) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 6 }).map((s) => s.replaceAll("/", "_")) },
);

const arbNumber: fc.Arbitrary<Node> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -70000, max: 70000 }).map(int) },
  {
    weight: 1,
    arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => ({ t: "float", v }) as Node),
  },
  { weight: 1, arbitrary: fc.constantFrom("1", "0.5", "-3", "8080", "1e3").map(str) },
);

/** A valid msgpack tree of type `t` (nulls and unknowns included, as in a configuration). */
export function valueTree(
  t: Type,
  depth = 0,
  opts: { unknowns: boolean } = { unknowns: true },
): fc.Arbitrary<Node> {
  const leaf = (a: fc.Arbitrary<Node>): fc.Arbitrary<Node> =>
    fc.oneof(
      { weight: 8, arbitrary: a },
      { weight: 1, arbitrary: fc.constant(nil) },
      { weight: opts.unknowns ? 1 : 0, arbitrary: fc.constant(unknown) },
    );
  switch (t.kind) {
    case "string":
      return leaf(arbString.map(str));
    case "number":
      return leaf(arbNumber);
    case "bool":
      return leaf(fc.boolean().map((v) => ({ t: "bool", v }) as Node));
    case "dynamic":
      // cty's dynamic encoding: [type JSON, value]
      return leaf(arbString.map((s) => arr([{ t: "bin", bytes: utf8.encode('"string"') }, str(s)])));
    case "list":
    case "set": {
      const el = valueTree(t.elementType, depth + 1, opts);
      return leaf(fc.array(el, { maxLength: depth > 2 ? 1 : 3 }).map(arr));
    }
    case "map": {
      const el = valueTree(t.elementType, depth + 1, opts);
      return leaf(
        fc
          .dictionary(arbString, el, { maxKeys: depth > 2 ? 1 : 3 })
          .map((d) => map(Object.entries(d).map(([k, v]) => [str(k), v]))),
      );
    }
    case "tuple":
      return leaf(fc.tuple(...t.elementTypes.map((e) => valueTree(e, depth + 1, opts))).map(arr));
    case "object": {
      const names = Object.keys(t.attributeTypes).sort();
      const fields = names.map((n) => valueTree(t.attributeTypes[n] as Type, depth + 1, opts));
      const obj = fc.tuple(...fields).map((vs) => map(names.map((n, i) => [str(n), vs[i] as Node])));
      // The root object of a configuration or state is never null/unknown in a valid request.
      return depth === 0 ? obj : leaf(obj);
    }
  }
}

/** A refinement map, valid or not for the type it lands on. */
const arbRefinement: fc.Arbitrary<Node> = fc
  .array(
    fc.oneof(
      fc.constant([int(1), { t: "bool", v: false }] as const),
      fc.constant([int(1), { t: "bool", v: true }] as const),
      arbString.map((s) => [int(2), str(s)] as const),
      fc
        .tuple(fc.constantFrom(3, 4), arbNumber, fc.boolean())
        .map(([k, n, b]) => [int(k), arr([n, { t: "bool", v: b }])] as const),
      fc
        .tuple(fc.constantFrom(5, 6), fc.integer({ min: -5, max: 100000 }))
        .map(([k, n]) => [int(k), int(n)] as const),
      fc.tuple(fc.integer({ min: 0, max: 300 }), arbNumber).map(([k, n]) => [int(k), n] as const),
    ),
    { maxLength: 4 },
  )
  .map((entries) => map(entries));

/** A node of some kind, likely the wrong one where it lands. */
const arbStrayNode: fc.Arbitrary<Node> = fc.oneof(
  fc.constant(nil),
  fc.boolean().map((v) => ({ t: "bool", v }) as Node),
  arbNumber,
  arbString.map(str),
  fc.uint8Array({ maxLength: 8 }).map((bytes) => ({ t: "bin", bytes }) as Node),
  fc.constant(arr([])),
  fc.constant(map([])),
  fc.constant(unknown),
);

const hugeNumbers: Node[] = [
  { t: "float", v: Number.NaN },
  { t: "float", v: Number.POSITIVE_INFINITY },
  { t: "float", v: Number.NEGATIVE_INFINITY },
  { t: "float", v: -0 },
  { t: "float", v: Number.MAX_VALUE },
  { t: "float", v: Number.MIN_VALUE },
  { t: "float", v: 1.5, f32: true },
  int(2n ** 64n - 1n),
  int(-(2n ** 63n)),
  str("1e999999"),
  str("-1e-999999"),
  str("9".repeat(2000)),
  str("0x10"),
  str("NaN"),
  str("1_000"),
];

/** How one value is damaged; `note` says what, for the repro list. */
export type Mutation = (root: Node) => { node: Node; note: string };

const at =
  (target: number, f: (n: Node) => Node, what: string): Mutation =>
  (root) => {
    const all = nodesOf(root);
    const picked = all[target % all.length] as (typeof all)[number];
    return { node: picked.replace(f(picked.node)), note: `${what} at ${picked.where || "root"}` };
  };

const describe = (n: Node): string => {
  const s = JSON.stringify(n, (_k, v) =>
    typeof v === "bigint" ? `${v}n` : v instanceof Uint8Array ? `bytes(${v.length})` : v,
  );
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
};

/** Schema-aware and byte-level mutations of a valid tree. */
export const arbMutation: fc.Arbitrary<Mutation> = fc.oneof(
  // types
  fc.tuple(fc.nat(), arbStrayNode).map(([i, n]) => at(i, () => n, `replaced by ${describe(n)}`)),
  // unknowns and refinements (msgpack ext 12), other extension types
  fc.nat().map((i) => at(i, () => unknown, "unknown")),
  fc
    .tuple(fc.nat(), arbRefinement)
    .map(([i, r]) => at(i, () => refined(r), `refined unknown ${describe(r)}`)),
  fc
    .tuple(fc.nat(), fc.integer({ min: -128, max: 127 }), fc.uint8Array({ maxLength: 20 }))
    .map(([i, type, data]) =>
      at(i, () => ({ t: "ext", type: type & 0xff, data }), `ext type ${type} len ${data.length}`),
    ),
  // keys: missing, extra, duplicate, non-string
  fc
    .nat()
    .map((i) =>
      at(
        i,
        (n) => (n.t === "map" && n.entries.length > 0 ? map(n.entries.slice(1)) : n),
        "first key removed",
      ),
    ),
  fc
    .tuple(fc.nat(), arbString, arbStrayNode)
    .map(([i, k, v]) =>
      at(i, (n) => (n.t === "map" ? map([...n.entries, [str(k), v]]) : n), `extra key "${k}"`),
    ),
  fc
    .nat()
    .map((i) =>
      at(
        i,
        (n) =>
          n.t === "map" && n.entries.length > 0 ? map([...n.entries, n.entries[0] as [Node, Node]]) : n,
        "duplicate key",
      ),
    ),
  fc
    .tuple(fc.nat(), arbStrayNode)
    .map(([i, k]) =>
      at(
        i,
        (n) =>
          n.t === "map" && n.entries.length > 0
            ? map([[k, (n.entries[0] as [Node, Node])[1]], ...n.entries.slice(1)])
            : n,
        `key replaced by ${describe(k)}`,
      ),
    ),
  // nulls in collections
  fc.nat().map((i) => at(i, (n) => (n.t === "arr" ? arr([...n.items, nil]) : n), "null element appended")),
  // numbers
  fc
    .tuple(fc.nat(), fc.constantFrom(...hugeNumbers))
    .map(([i, n]) => at(i, () => n, `number ${describe(n)}`)),
  // strings: invalid UTF-8, very long
  fc
    .nat()
    .map((i) =>
      at(i, () => ({ t: "rawstr", bytes: new Uint8Array([0xff, 0xfe, 0x80]) }), "invalid UTF-8 string"),
    ),
  fc
    .tuple(fc.nat(), fc.integer({ min: 1000, max: 200_000 }))
    .map(([i, len]) => at(i, () => str("x".repeat(len)), `string of ${len} chars`)),
  // depth and size
  fc.tuple(fc.nat(), fc.integer({ min: 20, max: 20_000 }), fc.boolean()).map(([i, depth, asMap]) =>
    at(
      i,
      () => {
        // Written as bytes: a tree this deep would overflow the encoder's own recursion.
        const unit = asMap ? [0x81, 0xa1, 0x61] : [0x91];
        const bytes = new Uint8Array(depth * unit.length + 1);
        for (let d = 0; d < depth; d++) bytes.set(unit, d * unit.length);
        bytes[bytes.length - 1] = 0xc0;
        return { t: "raw", bytes } as Node;
      },
      `${depth}-deep ${asMap ? "maps" : "arrays"}`,
    ),
  ),
  fc
    .tuple(fc.nat(), fc.integer({ min: 100, max: 50_000 }))
    .map(([i, len]) =>
      at(
        i,
        (n) =>
          arr(
            Array.from({ length: len }, () => (n.t === "arr" && n.items[0] !== undefined ? n.items[0] : nil)),
          ),
        `array of ${len}`,
      ),
    ),
  // headers that lie about what follows
  fc.tuple(fc.nat(), fc.constantFrom(0xdc, 0xdd, 0xde, 0xdf, 0xdb, 0xc6, 0xc9)).map(([i, code]) =>
    at(
      i,
      () => ({
        t: "raw",
        bytes: new Uint8Array(
          [code, 0xff, 0xff, 0xff, 0xff].slice(0, code === 0xdc || code === 0xde ? 3 : 5),
        ),
      }),
      `lying header 0x${code.toString(16)}`,
    ),
  ),
  // never-used byte
  fc.nat().map((i) => at(i, () => ({ t: "raw", bytes: new Uint8Array([0xc1]) }), "reserved byte 0xc1")),
);

/** A DynamicValue: the valid value, a mutated one, damaged bytes, JSON, or nothing. */
export function arbDynamic(
  t: Type,
  opts?: { unknowns: boolean },
): fc.Arbitrary<{ value: { msgpack?: Uint8Array; json?: Uint8Array } | undefined; note: string }> {
  const valid = valueTree(t, 0, opts);
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((n) => ({ value: { msgpack: encode(n) }, note: "valid" })) },
    {
      weight: 8,
      arbitrary: fc.tuple(valid, fc.array(arbMutation, { minLength: 1, maxLength: 2 })).map(([n, ms]) => {
        let node = n;
        const notes: string[] = [];
        for (const m of ms) {
          const r = m(node);
          node = r.node;
          notes.push(r.note);
        }
        return { value: { msgpack: encode(node) }, note: notes.join("; ") };
      }),
    },
    { weight: 1, arbitrary: fc.constant({ value: { msgpack: encode(nil) }, note: "null root" }) },
    {
      weight: 1,
      arbitrary: fc.constant({ value: { msgpack: encode(unknown) }, note: "wholly unknown root" }),
    },
    {
      weight: 1,
      arbitrary: arbRefinement.map((r) => ({
        value: { msgpack: encode(refined(r)) },
        note: `refined unknown root ${describe(r)}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.nat()).map(([n, cut]) => {
        const b = encode(n);
        return { value: { msgpack: b.slice(0, cut % Math.max(1, b.length)) }, note: "truncated bytes" };
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 64 })
        .map((b) => ({ value: { msgpack: b }, note: "random bytes" })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.nat(), fc.nat(255)).map(([n, pos, byte]) => {
        const b = encode(n);
        if (b.length > 0) b[pos % b.length] = byte;
        return { value: { msgpack: b }, note: "one byte overwritten" };
      }),
    },
    {
      weight: 1,
      arbitrary: arbJsonText.map((j) => ({
        value: { json: utf8.encode(j) },
        note: `json DynamicValue ${j.slice(0, 40)}`,
      })),
    },
    { weight: 1, arbitrary: fc.constant({ value: {}, note: "empty DynamicValue" }) },
    { weight: 1, arbitrary: fc.constant({ value: undefined, note: "absent DynamicValue" }) },
  );
}

const arbJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.constantFrom("{", "[[[", "", "null", "{}", '{"id":', "\u0000", `${"[".repeat(5000)}${"]".repeat(5000)}`),
);

/** A JSON state of a target's type (UpgradeResourceState, MoveResourceState), often damaged. */
export function arbJsonState(t: Type): fc.Arbitrary<{ json: Uint8Array; note: string }> {
  const asJson = (n: Node): unknown => {
    switch (n.t) {
      case "nil":
        return null;
      case "bool":
        return n.v;
      case "int":
        return Number(n.v);
      case "float":
        return n.v;
      case "str":
        return n.v;
      case "arr":
        return n.items.map(asJson);
      case "map":
        return Object.fromEntries(n.entries.map(([k, v]) => [k.t === "str" ? k.v : "?", asJson(v)]));
      default:
        return "?";
    }
  };
  const valid = valueTree(t, 0, { unknowns: false }).map((n) => JSON.stringify(asJson(n)));
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((j) => ({ json: utf8.encode(j), note: "state JSON of the schema" })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }))
        .map(([j, k, v]) => {
          const o = JSON.parse(j) as Record<string, unknown>;
          o[k] = v;
          return {
            json: utf8.encode(JSON.stringify(o)),
            note: `state JSON with key "${k}" = ${JSON.stringify(v)?.slice(0, 30)}`,
          };
        }),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.nat()).map(([j, i]) => {
        const o = JSON.parse(j) as Record<string, unknown>;
        const keys = Object.keys(o);
        const k = keys[i % keys.length] as string;
        o[k] = [{ nested: [1, "x", null] }];
        return { json: utf8.encode(JSON.stringify(o)), note: `state JSON with ${k} of the wrong type` };
      }),
    },
    {
      weight: 2,
      arbitrary: arbJsonText.map((j) => ({
        json: utf8.encode(j),
        note: `JSON ${JSON.stringify(j.slice(0, 30))}`,
      })),
    },
    { weight: 1, arbitrary: arbPrivate.map((p) => ({ json: p.bytes, note: `state bytes: ${p.note}` })) },
  );
}

/** Private state bytes: empty, JSON, and what is neither JSON nor UTF-8. */
export const arbPrivate: fc.Arbitrary<{ bytes: Uint8Array; note: string }> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ bytes: new Uint8Array(0), note: "empty private" }) },
  { weight: 1, arbitrary: fc.constant({ bytes: utf8.encode("{}"), note: "private {}" }) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom("{", "[[[", "null", "42", '"s"', "[]", '{"a":', '{"__proto__":{"x":1}}', "\u0000")
      .map((s) => ({
        bytes: utf8.encode(s),
        note: `private ${JSON.stringify(s)}`,
      })),
  },
  { weight: 1, arbitrary: fc.constant({ bytes: new Uint8Array([0xff]), note: "private 0xff" }) },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 32 }).map((bytes) => ({ bytes, note: "private random bytes" })),
  },
  {
    weight: 1,
    arbitrary: fc
      .json({ maxDepth: 3 })
      .map((j) => ({ bytes: utf8.encode(j), note: `private JSON ${j.slice(0, 30)}` })),
  },
);

const arbCapabilities = fc.option(
  fc.record({
    deferralAllowed: fc.boolean(),
    writeOnlyAttributesAllowed: fc.boolean(),
    storePlannedPrivate: fc.boolean(),
    computedBlocksAllowed: fc.boolean(),
  }),
  { nil: undefined },
);

/** One request: the RPC, the ProviderServer method's argument, and what was done to it. */
export interface FuzzRequest {
  readonly rpc: string;
  readonly typeName: string;
  readonly request: Record<string, unknown>;
  readonly note: string;
}

/** The names a provider serves, plus names it does not. */
function arbTypeName(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...(known.length > 0 ? known : ["none"])) },
    { weight: 1, arbitrary: fc.constantFrom("", "demo_nope", "demo_server ", "__proto__", "constructor") },
  );
}

/** Every RPC's requests, schema-aware. */
export function arbRequest(targets: {
  provider: Target;
  resources: Target[];
  dataSources: Target[];
  ephemerals: Target[];
  functions: { name: string; parameters: Type[]; variadic: Type | undefined }[];
}): fc.Arbitrary<FuzzRequest> {
  const byName = new Map<string, Target>();
  for (const t of targets.resources) byName.set(t.typeName, t);
  const resourceOf = (name: string) => byName.get(name) ?? (targets.resources[0] as Target);
  const dataByName = new Map(targets.dataSources.map((t) => [t.typeName, t]));
  const resNames = targets.resources.map((r) => r.typeName);
  const dataNames = targets.dataSources.map((r) => r.typeName);
  const ephNames = targets.ephemerals.map((r) => r.typeName);

  const perResource = <R>(
    names: readonly string[],
    lookup: (n: string) => Target | undefined,
    build: (t: Target, name: string) => fc.Arbitrary<R>,
  ) => arbTypeName(names).chain((name) => build(lookup(name) ?? (targets.resources[0] as Target), name));

  const config = (rpc: string, names: string[], lookup: (n: string) => Target | undefined, extra = {}) =>
    perResource(names, lookup, (t, name) =>
      fc.tuple(arbDynamic(t.type), arbCapabilities).map(([c, caps]) => ({
        rpc,
        typeName: name,
        request: { typeName: name, config: c.value, clientCapabilities: caps, ...extra },
        note: `config: ${c.note}`,
      })),
    );

  // Consistent requests (a create: no prior, config = proposed = planned) with at most one part
  // damaged reach the hooks; wholly random ones mostly stop at decoding.
  const create = (rpc: "PlanResourceChange" | "ApplyResourceChange") =>
    perResource(resNames, resourceOf, (t, name) =>
      fc
        .tuple(
          valueTree(t.type, 0, { unknowns: false }),
          fc.option(arbMutation, { nil: undefined }),
          fc.option(arbPrivate, { nil: undefined, freq: 3 }),
        )
        .map(([v, m, priv]) => {
          const damaged = m === undefined ? { node: v, note: "valid" } : m(v);
          const value = { msgpack: encode(damaged.node) };
          const none = { msgpack: encode(nil) };
          const privBytes = priv?.bytes ?? new Uint8Array(0);
          const request =
            rpc === "PlanResourceChange"
              ? {
                  typeName: name,
                  priorState: none,
                  proposedNewState: value,
                  config: value,
                  priorPrivate: privBytes,
                  plannedPrivate: new Uint8Array(0),
                }
              : {
                  typeName: name,
                  priorState: none,
                  plannedState: value,
                  config: value,
                  plannedPrivate: privBytes,
                };
          return {
            rpc,
            typeName: name,
            request,
            note: `create with config = ${rpc === "PlanResourceChange" ? "proposed" : "planned"}: ${damaged.note}${priv === undefined ? "" : ` | ${priv.note}`}`,
          };
        }),
    );

  const plan = perResource(resNames, resourceOf, (t, name) =>
    fc
      .tuple(
        fc.oneof(arbDynamic(t.type), fc.constant({ value: { msgpack: encode(nil) }, note: "null (create)" })),
        arbDynamic(t.type),
        arbDynamic(t.type),
        arbPrivate,
        arbCapabilities,
      )
      .map(([prior, proposed, cfg, priv, caps]) => ({
        rpc: "PlanResourceChange",
        typeName: name,
        request: {
          typeName: name,
          priorState: prior.value,
          proposedNewState: proposed.value,
          config: cfg.value,
          priorPrivate: priv.bytes,
          plannedPrivate: new Uint8Array(0),
          clientCapabilities: caps,
        },
        note: `prior: ${prior.note} | proposed: ${proposed.note} | config: ${cfg.note} | ${priv.note}`,
      })),
  );

  const apply = perResource(resNames, resourceOf, (t, name) =>
    fc
      .tuple(
        fc.oneof(arbDynamic(t.type), fc.constant({ value: { msgpack: encode(nil) }, note: "null (create)" })),
        fc.oneof(arbDynamic(t.type), fc.constant({ value: { msgpack: encode(nil) }, note: "null (delete)" })),
        arbDynamic(t.type),
        arbPrivate,
      )
      .map(([prior, planned, cfg, priv]) => ({
        rpc: "ApplyResourceChange",
        typeName: name,
        request: {
          typeName: name,
          priorState: prior.value,
          plannedState: planned.value,
          config: cfg.value,
          plannedPrivate: priv.bytes,
        },
        note: `prior: ${prior.note} | planned: ${planned.note} | config: ${cfg.note} | ${priv.note}`,
      })),
  );

  const read = perResource(resNames, resourceOf, (t, name) =>
    fc.tuple(arbDynamic(t.type, { unknowns: false }), arbPrivate, arbCapabilities).map(([s, priv, caps]) => ({
      rpc: "ReadResource",
      typeName: name,
      request: { typeName: name, currentState: s.value, private: priv.bytes, clientCapabilities: caps },
      note: `state: ${s.note} | ${priv.note}`,
    })),
  );

  const importState = perResource(resNames, resourceOf, (_t, name) =>
    fc
      .tuple(
        fc.oneof(
          arbString,
          fc.constantFrom("srv-1", "net-1", "vol-1", "net-default", "x".repeat(100_000), "\u0000"),
        ),
        arbCapabilities,
      )
      .map(([id, caps]) => ({
        rpc: "ImportResourceState",
        typeName: name,
        request: { typeName: name, id, clientCapabilities: caps },
        note: `id ${JSON.stringify(id.slice(0, 30))}${id.length > 30 ? `… (${id.length} chars)` : ""}`,
      })),
  );

  const upgrade = perResource(resNames, resourceOf, (t, name) =>
    fc
      .tuple(
        fc.oneof(
          { weight: 5, arbitrary: fc.integer({ min: 0, max: t.version + 1 }) },
          { weight: 1, arbitrary: fc.integer({ min: -3, max: 1000 }) },
        ),
        fc.oneof(
          {
            weight: 6,
            arbitrary: arbJsonState(t.type).map((j) => ({
              raw: { json: j.json } as Record<string, unknown>,
              note: j.note,
            })),
          },
          {
            weight: 1,
            arbitrary: fc
              .dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
              .map((flatmap) => ({ raw: { flatmap }, note: "flatmap state" })),
          },
          { weight: 1, arbitrary: fc.constant({ raw: {}, note: "empty raw state" }) },
        ),
      )
      .map(([version, raw]) => ({
        rpc: "UpgradeResourceState",
        typeName: name,
        request: { typeName: name, version, rawState: raw.raw },
        note: `version ${version}, ${raw.note}`,
      })),
  );

  const move = fc
    .tuple(
      arbTypeName(resNames),
      fc.oneof(arbTypeName(resNames), fc.constantFrom("other_thing", "demo_server")),
      fc.constantFrom(
        "example.test/tfkit/demo",
        "registry.terraform.io/hashicorp/null",
        "",
        "not an address",
      ),
      fc.integer({ min: -1, max: 5 }),
      arbPrivate,
    )
    .chain(([target, source, addr, version, priv]) =>
      arbJsonState(resourceOf(source).type).map((j) => ({
        rpc: "MoveResourceState",
        typeName: target,
        request: {
          sourceProviderAddress: addr,
          sourceTypeName: source,
          sourceSchemaVersion: version,
          sourceState: { json: j.json },
          targetTypeName: target,
          sourcePrivate: priv.bytes,
          sourceIdentitySchemaVersion: 0,
        },
        note: `from ${source} v${version} (${addr}): ${j.note} | ${priv.note}`,
      })),
    );

  const dataLookup = (n: string) => dataByName.get(n) ?? targets.dataSources[0];
  const readData = perResource(dataNames, dataLookup, (t, name) =>
    fc.tuple(arbDynamic(t.type), arbCapabilities).map(([c, caps]) => ({
      rpc: "ReadDataSource",
      typeName: name,
      request: { typeName: name, config: c.value, clientCapabilities: caps },
      note: `config: ${c.note}`,
    })),
  );

  const fnNames = targets.functions.map((f) => f.name);
  const callFunction = fc
    .oneof(
      { weight: 10, arbitrary: fc.constantFrom(...(fnNames.length > 0 ? fnNames : ["none"])) },
      { weight: 1, arbitrary: fc.constantFrom("", "nope", "__proto__") },
    )
    .chain((name) => {
      const f = targets.functions.find((x) => x.name === name);
      const params = f?.parameters ?? [];
      const argOf = (t: Type) =>
        fc.oneof(
          {
            weight: 3,
            arbitrary: valueTree(t, 1).map((n) => ({ value: { msgpack: encode(n) }, note: "valid" })),
          },
          { weight: 4, arbitrary: arbDynamic(t) },
        );
      const exact = fc.tuple(...params.map(argOf));
      const wrongCount = fc.array(argOf(params[0] ?? { kind: "string" }), { maxLength: params.length + 2 });
      return fc.oneof({ weight: 4, arbitrary: exact }, { weight: 1, arbitrary: wrongCount }).map((args) => ({
        rpc: "CallFunction",
        typeName: name,
        request: { name, arguments: args.map((a) => a.value ?? {}) },
        note: `${args.length} args: ${args.map((a) => a.note).join(" , ")}`,
      }));
    });

  const eph = (rpc: string) =>
    arbTypeName(ephNames.length > 0 ? ephNames : ["demo_none"]).chain((name) =>
      fc.tuple(arbDynamic(targets.provider.type), arbPrivate).map(([c, priv]) => ({
        rpc,
        typeName: name,
        request: { typeName: name, config: c.value, private: priv.bytes },
        note: `config: ${c.note} | ${priv.note}`,
      })),
    );

  const noInput = (rpc: string) => fc.constant({ rpc, typeName: "", request: {}, note: "no input" });

  const providerConfig = (rpc: string) =>
    fc
      .tuple(arbDynamic(targets.provider.type), fc.constantFrom("1.11.4", "", "0.0.0-dev", "x"))
      .map(([c, v]) => ({
        rpc,
        typeName: "provider",
        request: { config: c.value, terraformVersion: v, clientCapabilities: undefined },
        note: `config: ${c.note}`,
      }));

  return fc.oneof(
    { weight: 1, arbitrary: noInput("GetProviderSchema") },
    { weight: 1, arbitrary: noInput("GetMetadata") },
    { weight: 1, arbitrary: noInput("GetFunctions") },
    { weight: 3, arbitrary: providerConfig("ValidateProviderConfig") },
    { weight: 3, arbitrary: providerConfig("ConfigureProvider") },
    { weight: 5, arbitrary: config("ValidateResourceConfig", resNames, resourceOf) },
    { weight: 4, arbitrary: config("ValidateDataResourceConfig", dataNames, dataLookup) },
    { weight: 5, arbitrary: plan },
    { weight: 5, arbitrary: create("PlanResourceChange") },
    { weight: 5, arbitrary: apply },
    { weight: 5, arbitrary: create("ApplyResourceChange") },
    { weight: 5, arbitrary: read },
    { weight: 3, arbitrary: importState },
    { weight: 4, arbitrary: upgrade },
    { weight: 3, arbitrary: move },
    { weight: 5, arbitrary: readData },
    { weight: 5, arbitrary: callFunction },
    { weight: 1, arbitrary: eph("ValidateEphemeralResourceConfig") },
    { weight: 1, arbitrary: eph("OpenEphemeralResource") },
    { weight: 1, arbitrary: eph("RenewEphemeralResource") },
    { weight: 1, arbitrary: eph("CloseEphemeralResource") },
  );
}
