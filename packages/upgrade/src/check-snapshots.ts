import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Schema } from "@tfkit/schema";
import {
  diffSnapshots,
  type SchemaSnapshot,
  type SnapshotChange,
  schemaSnapshot,
  snapshotSchema,
} from "./snapshot.js";
import type { StateUpgraders, UpgradeSteps } from "./upgrader.js";

/**
 * A resource for {@link checkSchemaSnapshots}: its current schema and, to check them against
 * the committed snapshots too, its upgraders and chain steps.
 * @category testing
 */
export interface SnapshotResource {
  /** The current schema. */
  readonly schema: Schema;
  /** The resource's upgraders (checked: every older snapshot version has a way up). */
  readonly upgraders?: StateUpgraders<Schema> | undefined;
  /** The resource's chain steps. */
  readonly steps?: UpgradeSteps | undefined;
}

/**
 * What {@link checkSchemaSnapshots} needs.
 * @category testing
 */
export interface CheckSchemaSnapshotsOptions {
  /** Resources by type name: a schema, or a schema with its upgraders. */
  readonly resources: Readonly<Record<string, Schema | SnapshotResource>>;
  /** The directory holding `<type name>.v<version>.json` files (created when writing). */
  readonly snapshotDir: string;
  /**
   * Write missing snapshots, and accept changes that only add attributes or blocks at the same
   * version. Never overwrites any other change. Default false.
   */
  readonly update?: boolean;
}

/**
 * What {@link checkSchemaSnapshots} looked at and wrote.
 * @category testing
 */
export interface CheckSchemaSnapshotsResult {
  /** Snapshot files compared with a schema. */
  readonly checked: readonly string[];
  /** Snapshot files written (only with `update`). */
  readonly written: readonly string[];
}

const ERROR_BRAND = Symbol.for("@tfkit/upgrade/SchemaSnapshotError");

/**
 * Thrown by {@link checkSchemaSnapshots} when a schema and its committed snapshots disagree.
 * @category errors
 */
export class SchemaSnapshotError extends Error {
  /** Always `"SchemaSnapshotError"`. */
  override name = "SchemaSnapshotError";
  /** Every problem found, one paragraph each. */
  readonly problems: readonly string[];
  /** @internal brand for {@link isSchemaSnapshotError}. */
  readonly [ERROR_BRAND] = true;

  constructor(problems: readonly string[]) {
    super(`schema snapshots do not match:\n\n${problems.join("\n\n")}`);
    this.problems = problems;
  }
}

/** Reports whether something is a {@link SchemaSnapshotError} (brand check). @category guards */
export function isSchemaSnapshotError(u: unknown): u is SchemaSnapshotError {
  return typeof u === "object" && u !== null && (u as Record<symbol, unknown>)[ERROR_BRAND] === true;
}

function fileName(typeName: string, version: number): string {
  return `${typeName}.v${version}.json`;
}

function isSnapshotResource(r: Schema | SnapshotResource): r is SnapshotResource {
  return !("kind" in r && "type" in r) && "schema" in r;
}

/** Versions with a committed snapshot for the type name. */
function snapshotVersions(dir: string, typeName: string): number[] {
  if (!existsSync(dir)) return [];
  const prefix = `${typeName}.v`;
  const versions: number[] = [];
  for (const f of readdirSync(dir)) {
    if (!f.startsWith(prefix) || !f.endsWith(".json")) continue;
    const middle = f.slice(prefix.length, -".json".length);
    if (/^\d+$/.test(middle)) versions.push(Number(middle));
  }
  return versions.sort((a, b) => a - b);
}

function readSnapshot(path: string): SchemaSnapshot {
  return JSON.parse(readFileSync(path, "utf8")) as SchemaSnapshot;
}

function indent(changes: readonly SnapshotChange[]): string {
  return changes.map((c) => `  ${c.description}`).join("\n");
}

function own<T>(record: Readonly<Record<number, T>> | undefined, version: number): T | undefined {
  return record !== undefined && Object.hasOwn(record, String(version)) ? record[version] : undefined;
}

/**
 * Checks each resource's schema against the schema snapshots committed for it, so that a
 * schema whose state shape changed without a version bump fails a test.
 *
 * @remarks For each resource (file `<type name>.v<version>.json` in `snapshotDir`):
 * - the snapshot of the current version must exist and equal {@link snapshotSchema}'s output;
 *   when it differs, the error lists the differences and says to bump the version and add an
 *   upgrader (changes that only add attributes are accepted with `update`, since stored states
 *   still decode);
 * - no snapshot may exist for a newer version than the schema's (versions never go down);
 * - when upgraders or steps are given: every older snapshot version must have a way up (a
 *   direct upgrader, or chain steps that reach one), each upgrader's `priorSchema` (and each
 *   step's `targetSchema`) must have the shape of the committed snapshot of its version, and no
 *   upgrader may be keyed at or above the current version (it would never run; the Go
 *   framework's issue #113).
 * With `update`, missing snapshots are written. Beyond the Go framework, where nothing catches a
 * schema change without a version bump until users' plans fail.
 * @example
 * ```ts
 * it("schemas match their snapshots", () => {
 *   checkSchemaSnapshots({
 *     resources: { demo_thing: { schema: thingSchema, upgraders: thingUpgraders } },
 *     snapshotDir: new URL("../schema-snapshots", import.meta.url).pathname,
 *     update: process.env.UPDATE_SNAPSHOTS === "1",
 *   });
 * });
 * ```
 * @throws {@link SchemaSnapshotError} listing every problem found.
 * @category testing
 */
export function checkSchemaSnapshots(options: CheckSchemaSnapshotsOptions): CheckSchemaSnapshotsResult {
  const { snapshotDir } = options;
  const update = options.update ?? false;
  const problems: string[] = [];
  const checked: string[] = [];
  const written: string[] = [];
  const write = (path: string, text: string): void => {
    mkdirSync(snapshotDir, { recursive: true });
    writeFileSync(path, text);
    written.push(path);
  };

  for (const typeName of Object.keys(options.resources).sort()) {
    const entry = options.resources[typeName] as Schema | SnapshotResource;
    const resource: SnapshotResource = isSnapshotResource(entry) ? entry : { schema: entry };
    const { schema } = resource;
    const current = schema.version;
    const currentFile = fileName(typeName, current);
    const currentPath = join(snapshotDir, currentFile);
    const now = schemaSnapshot(schema);
    const versions = snapshotVersions(snapshotDir, typeName);

    for (const v of versions.filter((v) => v > current)) {
      problems.push(
        `${typeName}: a snapshot exists for version ${v} (${fileName(typeName, v)}) but the schema is at version ${current}. ` +
          "Schema versions must never go down: Terraform refuses state written at a newer version.",
      );
    }

    if (!existsSync(currentPath)) {
      if (update) write(currentPath, snapshotSchema(schema));
      else {
        problems.push(
          `${typeName}: no schema snapshot for version ${current} (expected ${currentFile} in ${snapshotDir}). ` +
            "Run the check with update: true to write it, then commit it.",
        );
      }
    } else {
      checked.push(currentPath);
      const changes = diffSnapshots(readSnapshot(currentPath), now);
      const additive = changes.every((c) => c.kind === "added");
      if (changes.length > 0 && additive && update) {
        write(currentPath, snapshotSchema(schema));
      } else if (changes.length > 0) {
        const advice = additive
          ? `These changes only add attributes or blocks, so state stored at version ${current} still decodes ` +
            "(the new ones are null): run the check with update: true to accept them, or bump the version."
          : `State stored at version ${current} has the old shape. Bump the schema version to ${current + 1}, ` +
            `add an upgrader from version ${current}, and write the new snapshot (update: true); keep ${currentFile} for the upgrader's prior schema.`;
        problems.push(
          `${typeName}: the schema changed but its version is still ${current} (snapshot ${currentFile}):\n` +
            `${indent(changes)}\n${advice}`,
        );
      }
    }

    if (resource.upgraders === undefined && resource.steps === undefined) continue;
    for (const [what, record] of [
      ["upgrader", resource.upgraders],
      ["chain step", resource.steps],
    ] as const) {
      for (const key of Object.keys(record ?? {})) {
        const v = Number(key);
        if (v < current) continue;
        problems.push(
          v === current
            ? `${typeName}: the ${what} keyed ${v} never runs: ${v} is the current schema version, and state stored at the current version is decoded with the current schema. Remove it, or bump the schema version.`
            : `${typeName}: the ${what} keyed ${v} never runs: ${v} is above the current schema version ${current}.`,
        );
      }
    }
    for (const v of versions.filter((v) => v < current)) {
      // Follow direct upgraders and chain steps from every version that has stored state.
      let at = v;
      const seen = new Set<number>();
      while (at < current && own(resource.upgraders, at) === undefined && !seen.has(at)) {
        seen.add(at);
        const step = own(resource.steps, at);
        if (step === undefined) break;
        at = step.toVersion ?? step.targetSchema?.version ?? at + 1;
      }
      if (at < current && own(resource.upgraders, at) === undefined) {
        const via = at === v ? "" : ` (chain steps reach version ${at}, which has none)`;
        problems.push(
          `${typeName}: state stored at version ${v} (snapshot ${fileName(typeName, v)}) cannot be upgraded to version ${current}${via}. ` +
            `Add an upgrader keyed ${at} to upgraders, or a chain step from ${at}.`,
        );
      }
    }
    const compare = (what: string, version: number, s: Schema): void => {
      const path = join(snapshotDir, fileName(typeName, version));
      if (!existsSync(path)) return;
      checked.push(path);
      const changes = diffSnapshots(readSnapshot(path), schemaSnapshot(s));
      if (changes.length === 0) return;
      problems.push(
        `${typeName}: the ${what} does not match the committed snapshot ${fileName(typeName, version)}:\n` +
          `${indent(changes)}\nState stored at version ${version} has the snapshot's shape; make the schema match it.`,
      );
    };
    for (const [key, upgrader] of Object.entries(resource.upgraders ?? {})) {
      if (upgrader.priorSchema !== undefined) {
        compare(`prior schema of the upgrader from version ${key}`, Number(key), upgrader.priorSchema);
      }
    }
    for (const [key, step] of Object.entries(resource.steps ?? {})) {
      if (step.priorSchema !== undefined) {
        compare(`prior schema of the chain step from version ${key}`, Number(key), step.priorSchema);
      }
      if (step.targetSchema !== undefined) {
        const to = step.toVersion ?? step.targetSchema.version;
        if (to !== current)
          compare(`target schema of the chain step from version ${key}`, to, step.targetSchema);
      }
    }
  }

  if (problems.length > 0) throw new SchemaSnapshotError(problems);
  return { checked, written };
}
