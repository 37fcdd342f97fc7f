// Pins each row of the model table in docs/guides/accessing-values.md: the types (checked by
// tsc, which the workspace's `npm test` runs first) and the table's text (checked here).
import { readFileSync } from "node:fs";
import type { Config, KnownConfig, Plan, Proposed, ReadState, State, Unknown } from "@tfkit/schema";
import type { PriorModel } from "@tfkit/upgrade";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { everyKind } from "./model-table.js";

type S = typeof everyKind;
type U = Unknown;

/** The table as the guide prints it: row label, then one cell per phase (pipes unescaped). */
export const TABLE: readonly (readonly string[])[] = [
  ["required", "T | Unknown", "T", "T | Unknown", "T", "T", "T | null", "T | null"],
  [
    "optional",
    "T | null | Unknown",
    "T | null",
    "T | null | Unknown",
    "T | null",
    "T | null",
    "T | null",
    "T | null",
  ],
  [
    "optional + computed",
    "T | null | Unknown",
    "T | null",
    "T | null | Unknown",
    "T | null | Unknown",
    "T | null",
    "T | null",
    "T | null",
  ],
  [
    "optional + computed + `default`",
    "T | null | Unknown",
    "T | null",
    "T | Unknown",
    "T | Unknown",
    "T",
    "T | null",
    "T | null",
  ],
  [
    "computed only",
    "(absent)",
    "(absent)",
    "T | null | Unknown",
    "T | null | Unknown",
    "T | null",
    "T | null",
    "T | null",
  ],
  ["write-only (optional)", "T | null | Unknown", "T | null", "null", "null", "null", "null", "null"],
  [
    "required child of an optional + computed nested attribute",
    "T | Unknown",
    "T",
    "T | null | Unknown",
    "T | null | Unknown",
    "T | null",
    "T | null",
    "T | null",
  ],
  [
    "`block.single`",
    "O | null | Unknown",
    "O | null",
    "O | null | Unknown",
    "O | null",
    "O | null",
    "O | null",
    "O | null",
  ],
  ["`block.single({ required: true })`", "O | Unknown", "O", "O | Unknown", "O", "O", "O | null", "O | null"],
  ["`block.list`, `block.set`", "O[] | Unknown", "O[]", "O[] | Unknown", "O[]", "O[]", "O[]", "O[]"],
];

describe("the model table of the accessing-values guide", () => {
  it("is the table the guide prints", () => {
    const guide = readFileSync(new URL("../../../accessing-values.md", import.meta.url), "utf8");
    const start = guide.indexOf("<!-- model table: pinned by");
    const lines = guide.slice(start).split("\n");
    const first = lines.findIndex((line) => line.startsWith("|"));
    const end = lines.findIndex((line, i) => i > first && !line.startsWith("|"));
    const rows = lines.slice(first + 2, end).map((line) => {
      const [label = "", ...cells] = line
        .slice(2, -2)
        .split(/(?<!\\) \| /)
        .map((cell) => cell.replaceAll("\\|", "|"));
      return [label, ...cells.map((cell) => cell.replace(/^`(.*)`$/, "$1"))];
    });
    expect(start).toBeGreaterThan(0);
    expect(rows).toEqual(TABLE);
  });

  it("scalar rows (T = string)", () => {
    expectTypeOf<Config<S>["required"]>().toEqualTypeOf<string | U>();
    expectTypeOf<KnownConfig<S>["required"]>().toEqualTypeOf<string>();
    expectTypeOf<Proposed<S>["required"]>().toEqualTypeOf<string | U>();
    expectTypeOf<Plan<S>["required"]>().toEqualTypeOf<string>();
    expectTypeOf<State<S>["required"]>().toEqualTypeOf<string>();
    expectTypeOf<ReadState<S>["required"]>().toEqualTypeOf<string | null>();
    expectTypeOf<PriorModel<S>["required"]>().toEqualTypeOf<string | null>();

    expectTypeOf<Config<S>["optional"]>().toEqualTypeOf<string | null | U>();
    expectTypeOf<KnownConfig<S>["optional"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Proposed<S>["optional"]>().toEqualTypeOf<string | null | U>();
    expectTypeOf<Plan<S>["optional"]>().toEqualTypeOf<string | null>();
    expectTypeOf<State<S>["optional"]>().toEqualTypeOf<string | null>();
    expectTypeOf<ReadState<S>["optional"]>().toEqualTypeOf<string | null>();
    expectTypeOf<PriorModel<S>["optional"]>().toEqualTypeOf<string | null>();

    expectTypeOf<Config<S>["optional_computed"]>().toEqualTypeOf<string | null | U>();
    expectTypeOf<KnownConfig<S>["optional_computed"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Proposed<S>["optional_computed"]>().toEqualTypeOf<string | null | U>();
    expectTypeOf<Plan<S>["optional_computed"]>().toEqualTypeOf<string | null | U>();
    expectTypeOf<State<S>["optional_computed"]>().toEqualTypeOf<string | null>();
    expectTypeOf<ReadState<S>["optional_computed"]>().toEqualTypeOf<string | null>();
    expectTypeOf<PriorModel<S>["optional_computed"]>().toEqualTypeOf<string | null>();

    expectTypeOf<Config<S>["with_default"]>().toEqualTypeOf<string | null | U>();
    expectTypeOf<KnownConfig<S>["with_default"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Proposed<S>["with_default"]>().toEqualTypeOf<string | U>();
    expectTypeOf<Plan<S>["with_default"]>().toEqualTypeOf<string | U>();
    expectTypeOf<State<S>["with_default"]>().toEqualTypeOf<string>();
    expectTypeOf<ReadState<S>["with_default"]>().toEqualTypeOf<string | null>();
    expectTypeOf<PriorModel<S>["with_default"]>().toEqualTypeOf<string | null>();

    expectTypeOf<Config<S>>().not.toHaveProperty("computed");
    expectTypeOf<KnownConfig<S>>().not.toHaveProperty("computed");
    expectTypeOf<Proposed<S>["computed"]>().toEqualTypeOf<string | null | U>();
    expectTypeOf<Plan<S>["computed"]>().toEqualTypeOf<string | null | U>();
    expectTypeOf<State<S>["computed"]>().toEqualTypeOf<string | null>();
    expectTypeOf<ReadState<S>["computed"]>().toEqualTypeOf<string | null>();
    expectTypeOf<PriorModel<S>["computed"]>().toEqualTypeOf<string | null>();

    expectTypeOf<Config<S>["write_only"]>().toEqualTypeOf<string | null | U>();
    expectTypeOf<KnownConfig<S>["write_only"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Proposed<S>["write_only"]>().toEqualTypeOf<null>();
    expectTypeOf<Plan<S>["write_only"]>().toEqualTypeOf<null>();
    expectTypeOf<State<S>["write_only"]>().toEqualTypeOf<null>();
    expectTypeOf<ReadState<S>["write_only"]>().toEqualTypeOf<null>();
    expectTypeOf<PriorModel<S>["write_only"]>().toEqualTypeOf<null>();
  });

  it("collection elements may be null unless nullElements: false", () => {
    expectTypeOf<State<S>["names"]>().toEqualTypeOf<(string | null)[] | null>();
    expectTypeOf<State<S>["ids"]>().toEqualTypeOf<string[] | null>();
    // An unknown collection is unknown as a whole; elements are not Unknown in the model.
    expectTypeOf<Config<S>["names"]>().toEqualTypeOf<(string | null)[] | null | U>();
  });

  it("nested attributes: O per phase, children by their own row", () => {
    expectTypeOf<Config<S>["nested"]>().toEqualTypeOf<{ child: string | U } | null | U>();
    expectTypeOf<Plan<S>["nested"]>().toEqualTypeOf<{ child: string } | null>();
    expectTypeOf<State<S>["nested_list"]>().toEqualTypeOf<{ child: string }[] | null>();
    // Children of an optional + computed nested attribute: the provider may fill them in.
    expectTypeOf<Config<S>["filled_in"]>().toEqualTypeOf<{ child: string | U } | null | U>();
    expectTypeOf<KnownConfig<S>["filled_in"]>().toEqualTypeOf<{ child: string } | null>();
    expectTypeOf<Proposed<S>["filled_in"]>().toEqualTypeOf<{ child: string | null | U } | null | U>();
    expectTypeOf<Plan<S>["filled_in"]>().toEqualTypeOf<{ child: string | null | U } | null | U>();
    expectTypeOf<State<S>["filled_in"]>().toEqualTypeOf<{ child: string | null } | null>();
    expectTypeOf<ReadState<S>["filled_in"]>().toEqualTypeOf<{ child: string | null } | null>();
    expectTypeOf<PriorModel<S>["filled_in"]>().toEqualTypeOf<{ child: string | null } | null>();
  });

  it("blocks", () => {
    expectTypeOf<Config<S>["single"]>().toEqualTypeOf<{ child: string | U } | null | U>();
    expectTypeOf<KnownConfig<S>["single"]>().toEqualTypeOf<{ child: string } | null>();
    expectTypeOf<Proposed<S>["single"]>().toEqualTypeOf<{ child: string | U } | null | U>();
    expectTypeOf<Plan<S>["single"]>().toEqualTypeOf<{ child: string } | null>();
    expectTypeOf<State<S>["single"]>().toEqualTypeOf<{ child: string } | null>();
    expectTypeOf<ReadState<S>["single"]>().toEqualTypeOf<{ child: string | null } | null>();
    expectTypeOf<PriorModel<S>["single"]>().toEqualTypeOf<{ child: string | null } | null>();

    expectTypeOf<Config<S>["single_required"]>().toEqualTypeOf<{ child: string | U } | U>();
    expectTypeOf<KnownConfig<S>["single_required"]>().toEqualTypeOf<{ child: string }>();
    expectTypeOf<Proposed<S>["single_required"]>().toEqualTypeOf<{ child: string | U } | U>();
    expectTypeOf<Plan<S>["single_required"]>().toEqualTypeOf<{ child: string }>();
    expectTypeOf<State<S>["single_required"]>().toEqualTypeOf<{ child: string }>();
    expectTypeOf<ReadState<S>["single_required"]>().toEqualTypeOf<{ child: string | null } | null>();
    expectTypeOf<PriorModel<S>["single_required"]>().toEqualTypeOf<{ child: string | null } | null>();

    expectTypeOf<Config<S>["list"]>().toEqualTypeOf<{ child: string | U }[] | U>();
    expectTypeOf<KnownConfig<S>["list"]>().toEqualTypeOf<{ child: string }[]>();
    expectTypeOf<Proposed<S>["list"]>().toEqualTypeOf<{ child: string | U }[] | U>();
    expectTypeOf<Plan<S>["list"]>().toEqualTypeOf<{ child: string }[]>();
    expectTypeOf<State<S>["list"]>().toEqualTypeOf<{ child: string }[]>();
    expectTypeOf<ReadState<S>["list"]>().toEqualTypeOf<{ child: string | null }[]>();
    expectTypeOf<PriorModel<S>["list"]>().toEqualTypeOf<{ child: string | null }[]>();
  });
});
