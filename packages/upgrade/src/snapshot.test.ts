import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { attr, block, resourceSchema, t } from "@tfkit/schema";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkSchemaSnapshots, isSchemaSnapshotError, SchemaSnapshotError } from "./check-snapshots.js";
import { diffSnapshots, schemaSnapshot, snapshotSchema } from "./snapshot.js";
import { priorSchemaUpgrader, rawJsonUpgrader, upgradeStep } from "./upgrader.js";

const v0 = resourceSchema({
  attributes: {
    id: attr.string({ computed: true }),
    enabled: attr.bool({ optional: true }),
  },
});
const v1 = resourceSchema({
  version: 1,
  attributes: {
    id: attr.string({ computed: true, description: "ID" }),
    enabled: attr.string({ optional: true }),
  },
});

describe("snapshotSchema", () => {
  it("writes the state shape as stable JSON", () => {
    const schema = resourceSchema({
      version: 2,
      attributes: {
        zeta: attr.map(t.number, { optional: true }),
        id: attr.string({ computed: true }),
        disks: attr.listNested({ size: attr.int64({ required: true }) }, { optional: true }),
      },
      blocks: { nic: block.set({ attributes: { ip: attr.string({ optional: true }) } }) },
    });
    expect(snapshotSchema(schema)).toBe(
      [
        "{",
        '  "attributes": {',
        '    "disks": {',
        '      "attributes": {',
        '        "size": { "type": "number" }',
        "      },",
        '      "nesting": "list"',
        "    },",
        '    "id": { "type": "string" },',
        '    "zeta": { "type": ["map","number"] }',
        "  },",
        '  "blocks": {',
        '    "nic": {',
        '      "attributes": {',
        '        "ip": { "type": "string" }',
        "      },",
        '      "blocks": {},',
        '      "nesting": "set"',
        "    }",
        "  },",
        '  "version": 2',
        "}",
        "",
      ].join("\n"),
    );
    // Its parse is the snapshot data.
    expect(JSON.parse(snapshotSchema(schema))).toEqual(schemaSnapshot(schema));
  });

  it("ignores what does not change stored state (flags, descriptions)", () => {
    const a = resourceSchema({ attributes: { x: attr.string({ optional: true }) } });
    const b = resourceSchema({
      attributes: { x: attr.string({ required: true, description: "now required" }) },
    });
    expect(snapshotSchema(a)).toBe(snapshotSchema(b));
  });
});

describe("diffSnapshots", () => {
  it("lists additions, removals, type and nesting changes with paths", () => {
    const before = resourceSchema({
      attributes: { a: attr.bool({ optional: true }), gone: attr.string({ optional: true }) },
      blocks: { rule: block.list({ attributes: { port: attr.number({ optional: true }) } }) },
    });
    const after = resourceSchema({
      attributes: { a: attr.string({ optional: true }), added: attr.list(t.string, { optional: true }) },
      blocks: {
        rule: block.set({
          attributes: { port: attr.number({ optional: true }), proto: attr.string({ optional: true }) },
        }),
      },
    });
    expect(diffSnapshots(schemaSnapshot(before), schemaSnapshot(after))).toEqual([
      { kind: "changed", description: '~ attribute a: type "bool" → "string"' },
      { kind: "added", description: '+ attribute added (["list","string"])' },
      { kind: "removed", description: '- attribute gone ("string")' },
      { kind: "changed", description: "~ block rule: nesting list → set" },
      { kind: "added", description: '+ attribute rule.proto ("string")' },
    ]);
  });
});

describe("checkSchemaSnapshots", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "tfkit-upgrade-snapshots-"));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  function problemsOf(run: () => unknown): readonly string[] {
    try {
      run();
    } catch (err) {
      if (isSchemaSnapshotError(err)) return err.problems;
      throw err;
    }
    throw new Error("expected a SchemaSnapshotError");
  }

  it("fails on a missing snapshot, and writes it when asked to update", () => {
    expect(
      problemsOf(() => checkSchemaSnapshots({ resources: { demo_thing: v0 }, snapshotDir: dir })),
    ).toEqual([
      `demo_thing: no schema snapshot for version 0 (expected demo_thing.v0.json in ${dir}). Run the check with update: true to write it, then commit it.`,
    ]);
    const result = checkSchemaSnapshots({ resources: { demo_thing: v0 }, snapshotDir: dir, update: true });
    expect(result.written).toEqual([join(dir, "demo_thing.v0.json")]);
    expect(readFileSync(join(dir, "demo_thing.v0.json"), "utf8")).toBe(snapshotSchema(v0));
    // Now it passes without update and writes nothing.
    expect(checkSchemaSnapshots({ resources: { demo_thing: v0 }, snapshotDir: dir })).toEqual({
      checked: [join(dir, "demo_thing.v0.json")],
      written: [],
    });
  });

  it("fails when the schema changed without a version bump, even with update", () => {
    writeFileSync(join(dir, "demo_thing.v0.json"), snapshotSchema(v0));
    const changedAtV0 = resourceSchema({
      attributes: { id: attr.string({ computed: true }), enabled: attr.string({ optional: true }) },
    });
    const expected = [
      "demo_thing: the schema changed but its version is still 0 (snapshot demo_thing.v0.json):\n" +
        '  ~ attribute enabled: type "bool" → "string"\n' +
        "State stored at version 0 has the old shape. Bump the schema version to 1, add an upgrader from version 0, " +
        "and write the new snapshot (update: true); keep demo_thing.v0.json for the upgrader's prior schema.",
    ];
    expect(
      problemsOf(() => checkSchemaSnapshots({ resources: { demo_thing: changedAtV0 }, snapshotDir: dir })),
    ).toEqual(expected);
    expect(
      problemsOf(() =>
        checkSchemaSnapshots({ resources: { demo_thing: changedAtV0 }, snapshotDir: dir, update: true }),
      ),
    ).toEqual(expected);
    // The committed snapshot was left alone.
    expect(readFileSync(join(dir, "demo_thing.v0.json"), "utf8")).toBe(snapshotSchema(v0));
  });

  it("the thrown error is a SchemaSnapshotError whose message lists the problems", () => {
    expect(() => checkSchemaSnapshots({ resources: { a_thing: v0 }, snapshotDir: dir })).toThrow(
      SchemaSnapshotError,
    );
    expect(() => checkSchemaSnapshots({ resources: { a_thing: v0 }, snapshotDir: dir })).toThrow(
      /^schema snapshots do not match:\n\na_thing: no schema snapshot for version 0/,
    );
  });

  it("accepts an additive change only with update", () => {
    writeFileSync(join(dir, "demo_thing.v0.json"), snapshotSchema(v0));
    const grown = resourceSchema({
      attributes: { ...v0.attributes, note: attr.string({ optional: true }) },
    });
    expect(
      problemsOf(() => checkSchemaSnapshots({ resources: { demo_thing: grown }, snapshotDir: dir })),
    ).toEqual([
      "demo_thing: the schema changed but its version is still 0 (snapshot demo_thing.v0.json):\n" +
        '  + attribute note ("string")\n' +
        "These changes only add attributes or blocks, so state stored at version 0 still decodes (the new ones are null): " +
        "run the check with update: true to accept them, or bump the version.",
    ]);
    checkSchemaSnapshots({ resources: { demo_thing: grown }, snapshotDir: dir, update: true });
    expect(readFileSync(join(dir, "demo_thing.v0.json"), "utf8")).toBe(snapshotSchema(grown));
  });

  it("passes after a version bump with an upgrader, keeping the old snapshot", () => {
    writeFileSync(join(dir, "demo_thing.v0.json"), snapshotSchema(v0));
    const upgraders = {
      0: priorSchemaUpgrader<typeof v0, typeof v1>({
        priorSchema: v0,
        upgrade: ({ model }) => ({
          id: model.id,
          enabled: model.enabled === null ? null : String(model.enabled),
        }),
      }),
    };
    const result = checkSchemaSnapshots({
      resources: { demo_thing: { schema: v1, upgraders } },
      snapshotDir: dir,
      update: true,
    });
    expect(result.written).toEqual([join(dir, "demo_thing.v1.json")]);
    expect(readdirSync(dir).sort()).toEqual(["demo_thing.v0.json", "demo_thing.v1.json"]);
  });

  it("fails when an older snapshot version has no way up", () => {
    writeFileSync(join(dir, "demo_thing.v0.json"), snapshotSchema(v0));
    writeFileSync(join(dir, "demo_thing.v1.json"), snapshotSchema(v1));
    const v2 = resourceSchema({ version: 2, attributes: v1.attributes });
    writeFileSync(join(dir, "demo_thing.v2.json"), snapshotSchema(v2));
    expect(
      problemsOf(() =>
        checkSchemaSnapshots({
          resources: {
            demo_thing: {
              schema: v2,
              steps: { 0: upgradeStep({ priorSchema: v0, targetSchema: v1, upgrade: () => null }) },
            },
          },
          snapshotDir: dir,
        }),
      ),
    ).toEqual([
      "demo_thing: state stored at version 0 (snapshot demo_thing.v0.json) cannot be upgraded to version 2 (chain steps reach version 1, which has none). Add an upgrader keyed 1 to upgraders, or a chain step from 1.",
      "demo_thing: state stored at version 1 (snapshot demo_thing.v1.json) cannot be upgraded to version 2. Add an upgrader keyed 1 to upgraders, or a chain step from 1.",
    ]);
    // A direct upgrader from 1 completes both paths.
    expect(() =>
      checkSchemaSnapshots({
        resources: {
          demo_thing: {
            schema: v2,
            upgraders: { 1: rawJsonUpgrader((json) => json) },
            steps: { 0: upgradeStep({ priorSchema: v0, targetSchema: v1, upgrade: () => null }) },
          },
        },
        snapshotDir: dir,
      }),
    ).not.toThrow();
  });

  it("fails when a prior schema does not match the committed snapshot of its version", () => {
    writeFileSync(join(dir, "demo_thing.v0.json"), snapshotSchema(v0));
    writeFileSync(join(dir, "demo_thing.v1.json"), snapshotSchema(v1));
    const wrongPrior = resourceSchema({
      attributes: { id: attr.string({ computed: true }), enabled: attr.number({ optional: true }) },
    });
    expect(
      problemsOf(() =>
        checkSchemaSnapshots({
          resources: {
            demo_thing: {
              schema: v1,
              upgraders: { 0: priorSchemaUpgrader({ priorSchema: wrongPrior, upgrade: () => null }) },
            },
          },
          snapshotDir: dir,
        }),
      ),
    ).toEqual([
      "demo_thing: the prior schema of the upgrader from version 0 does not match the committed snapshot demo_thing.v0.json:\n" +
        '  ~ attribute enabled: type "bool" → "number"\n' +
        "State stored at version 0 has the snapshot's shape; make the schema match it.",
    ]);
  });

  it("fails when a snapshot exists for a newer version than the schema's", () => {
    writeFileSync(join(dir, "demo_thing.v0.json"), snapshotSchema(v0));
    writeFileSync(join(dir, "demo_thing.v1.json"), snapshotSchema(v1));
    expect(
      problemsOf(() => checkSchemaSnapshots({ resources: { demo_thing: v0 }, snapshotDir: dir })),
    ).toEqual([
      "demo_thing: a snapshot exists for version 1 (demo_thing.v1.json) but the schema is at version 0. Schema versions must never go down: Terraform refuses state written at a newer version.",
    ]);
  });

  it("does not confuse resources whose names share a prefix", () => {
    writeFileSync(join(dir, "demo.v0.json"), snapshotSchema(v0));
    writeFileSync(join(dir, "demo_thing.v1.json"), snapshotSchema(v1));
    expect(() =>
      checkSchemaSnapshots({ resources: { demo: v0, demo_thing: v1 }, snapshotDir: dir }),
    ).not.toThrow();
  });

  it("fails on upgraders that can never run", () => {
    writeFileSync(join(dir, "demo_thing.v1.json"), snapshotSchema(v1));
    const keep = rawJsonUpgrader((json) => json);
    expect(
      problemsOf(() =>
        checkSchemaSnapshots({
          resources: { demo_thing: { schema: v1, upgraders: { 0: keep, 1: keep }, steps: { 2: keep } } },
          snapshotDir: dir,
        }),
      ),
    ).toEqual([
      "demo_thing: the upgrader keyed 1 never runs: 1 is the current schema version, and state stored at the current version is decoded with the current schema. Remove it, or bump the schema version.",
      "demo_thing: the chain step keyed 2 never runs: 2 is above the current schema version 1.",
    ]);
  });
});
