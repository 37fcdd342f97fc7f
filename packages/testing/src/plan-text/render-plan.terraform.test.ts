/// <reference types="node" />
import { readFileSync } from "node:fs";
import type { Path, PathStep } from "@tfkit/cty-values";
import { attributeStep, fromMsgpack, indexStep, numberVal, stringVal } from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { renderPlan } from "./render-plan.js";
import { captureSchema as schema } from "./testdata/capture-schema.js";

// Plans printed by the real terraform 1.11.4 (`terraform plan -no-color`), captured with
// scripts/capture-terraform-plans: the same schema as the capture provider, the prior and planned
// states and replace paths the provider returned, and terraform's text for them.

interface Fixture {
  readonly name: string;
  readonly prior: string;
  readonly planned: string;
  readonly replace: readonly (readonly (string | { key: string } | { index: number })[])[];
  readonly action?: "replace";
  readonly terraform: string;
}

const fixtures: Fixture[] = readFileSync(
  new URL("./testdata/terraform-1.11.4-plans.jsonl", import.meta.url),
  "utf8",
)
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as Fixture);

const hex = (s: string): Uint8Array => Uint8Array.from(s.match(/../g) ?? [], (b) => Number.parseInt(b, 16));

function toPath(steps: Fixture["replace"][number]): Path {
  return steps.map((s): PathStep => {
    if (typeof s === "string") return attributeStep(s);
    return "key" in s ? indexStep(stringVal(s.key)) : indexStep(numberVal(s.index));
  });
}

describe("renderPlan matches terraform 1.11.4", () => {
  it("has the captured plans", () => {
    expect(fixtures.map((f) => f.name)).toEqual([
      "create",
      "create-strings-heredoc",
      "update-in-place",
      "replace",
      "destroy",
      "replace-mixed",
      "update-mixed",
      "replace-in-list-block",
      "json-create",
      "json-update",
      "json-whitespace",
      "json-to-text",
      "json-delete",
      "nested-create",
      "nested-update",
    ]);
  });

  for (const f of fixtures) {
    it(f.name, () => {
      const prior = fromMsgpack(hex(f.prior), schema.type);
      const planned = fromMsgpack(hex(f.planned), schema.type);
      const text = renderPlan(
        schema,
        "tfkite2e_thing.x",
        prior,
        planned,
        f.replace.map(toPath),
        f.action === undefined ? {} : { action: f.action },
      );
      expect(text).toBe(f.terraform);
    });
  }
});
