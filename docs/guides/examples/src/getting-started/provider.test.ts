import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nullVal, objectVal, rawEquals, stringVal, type Value } from "@tfkit/cty-values";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeCore } from "../harness.js";
import { noteSchema, provider } from "./provider.js";

// The "test it" part of the getting-started guide: the provider driven in-process through its
// ProviderServer methods, the way Terraform drives it, without starting terraform.
const T = noteSchema.type;
const config = (title: string, body: string | null = null): Value =>
  objectVal({
    id: nullVal(T.attributeTypes.id!),
    title: stringVal(title),
    body: body === null ? nullVal(T.attributeTypes.body!) : stringVal(body),
    pinned: nullVal(T.attributeTypes.pinned!),
    created_at: nullVal(T.attributeTypes.created_at!),
  });

let dir: string;
let core: FakeCore;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "notes-"));
  core = new FakeCore(provider, { notes_note: noteSchema });
  const providerConfig = objectVal({ file: stringVal(join(dir, "notes.json")) });
  expect(await core.configure(providerConfig, provider.definition.schema!.type)).toEqual([]);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("getting started: notes_note", () => {
  it("plans a create with unknown computed values and the default", async () => {
    const plan = await core.plan("notes_note", nullVal(T), config("groceries"));
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned.getAttr("id").isKnown()).toBe(false);
    expect(plan.planned.getAttr("created_at").isKnown()).toBe(false);
    expect(plan.planned.getAttr("pinned").asBool()).toBe(false);
  });

  it("creates, reads back, updates in place and deletes", async () => {
    const created = await core.planAndApply("notes_note", nullVal(T), config("groceries", "milk"));
    const id = created.getAttr("id").asString();
    expect(id).toBe("note-1");
    const stored = JSON.parse(readFileSync(join(dir, "notes.json"), "utf8")) as Record<
      string,
      { body: string }
    >;
    expect(stored[id]?.body).toBe("milk");

    // The next plan with the same config changes nothing: id and created_at keep their values.
    const again = await core.plan("notes_note", created, config("groceries", "milk"));
    expect(rawEquals(again.planned, created)).toBe(true);

    const updated = await core.planAndApply("notes_note", created, config("groceries", "milk, eggs"));
    expect(updated.getAttr("id").asString()).toBe(id);
    expect(updated.getAttr("created_at").asString()).toBe(created.getAttr("created_at").asString());

    const refreshed = await core.read("notes_note", updated);
    expect(refreshed.newState.getAttr("body").asString()).toBe("milk, eggs");

    const deleted = await core.planAndApply("notes_note", updated, nullVal(T));
    expect(deleted.isNull()).toBe(true);
    expect((await core.read("notes_note", updated)).newState.isNull()).toBe(true);
  });

  it("rejects a configuration without the required title", async () => {
    const diagnostics = await core.validate("notes_note", withoutTitle());
    expect(diagnostics.map((d) => d.summary)).toContain("Missing required argument");
  });
});

function withoutTitle(): Value {
  return objectVal({
    id: nullVal(T.attributeTypes.id!),
    title: nullVal(T.attributeTypes.title!),
    body: nullVal(T.attributeTypes.body!),
    pinned: nullVal(T.attributeTypes.pinned!),
    created_at: nullVal(T.attributeTypes.created_at!),
  });
}
