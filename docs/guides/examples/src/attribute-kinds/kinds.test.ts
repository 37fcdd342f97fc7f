// The tables of "Terraform plan depends on how attributes are defined" (the write-up of SDK attribute kinds), computed: for every kind of attribute and every situation, what the plan
// does to the attribute, by validating and planning through the provider as Terraform does.
// The guide's tables are these results (the last test checks the markdown says the same).
import { readFileSync } from "node:fs";
import {
  listVal,
  listValEmpty,
  nullVal,
  objectVal,
  rawEquals,
  stringVal,
  type Type,
  type Value,
} from "@tfkit/cty-values";
import { describe, expect, it } from "vitest";
import { FakeCore } from "../harness.js";
import { type BlockKind, blockSchemas, blockTypeName, blocksProvider } from "./blocks.js";
import { type Kind, kinds, provider, schemas, typeName } from "./kinds.js";

const core = new FakeCore(
  provider,
  Object.fromEntries((Object.keys(kinds) as Kind[]).map((k) => [typeName(k), schemas[k]])),
);

interface Situation {
  readonly row: string;
  readonly label: string;
  /** x in state (undefined: no state at all). */
  readonly state?: string | null;
  /** x in config (null: not set). */
  readonly config: string | null;
  /** trigger in config (state holds "t1"). */
  readonly trigger?: string;
}

const situations: readonly Situation[] = [
  { row: "1", label: "not in state, not in config", config: null },
  { row: "2", label: "not in state, in config", config: "cfg" },
  { row: "3", label: "in state, not in config", state: "old", config: null },
  { row: "3a", label: "in state (= default), not in config", state: "dflt", config: null },
  { row: "4a", label: "in state, config = state", state: "old", config: "old" },
  { row: "4b", label: "in state, config ≠ state", state: "old", config: "cfg" },
  {
    row: "5",
    label: "in state, not in config, another argument changes",
    state: "old",
    config: null,
    trigger: "t2",
  },
];

const show = (v: Value): string =>
  v.isNull() ? "null" : v.isKnown() ? JSON.stringify(v.asString()) : "(known after apply)";

/** What `terraform plan` shows for x, in the write-up's notation. */
async function cell(kind: Kind, s: Situation): Promise<string> {
  const type = typeName(kind);
  const T = schemas[kind].type;
  const xType = T.attributeTypes.x!;
  const config = objectVal({
    trigger: stringVal(s.trigger ?? "t1"),
    x: s.config === null ? nullVal(xType) : stringVal(s.config),
  });
  const prior =
    s.state === undefined
      ? nullVal(T)
      : objectVal({ trigger: stringVal("t1"), x: s.state === null ? nullVal(xType) : stringVal(s.state) });
  const invalid = (await core.validate(type, config)).some((d) => d.severity === "error");
  if (invalid) return "error";
  const plan = await core.plan(type, prior, config);
  expect(plan.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const planned = plan.planned.getAttr("x");
  const replace = plan.requiresReplace.some(
    (p) => p.length === 1 && p[0]?.kind === "attribute" && p[0].name === "x",
  );
  const forces = replace ? " # forces replacement" : "";
  if (prior.isNull()) return planned.isNull() ? "null" : `+ ${show(planned)}`;
  const before = prior.getAttr("x");
  if (rawEquals(before, planned)) return before.isNull() ? "null" : `${show(before)} (no change)`;
  if (planned.isNull()) return `- ${show(before)} -> null${forces}`;
  return `~ ${show(before)} -> ${show(planned)}${forces}`;
}

async function table(columns: readonly Kind[]): Promise<string> {
  const lines = [
    `| situation | ${columns.join(" | ")} |`,
    `| --- | ${columns.map(() => "---").join(" | ")} |`,
  ];
  for (const s of situations) {
    const cells = await Promise.all(columns.map(async (k) => `\`${await cell(k, s)}\``));
    lines.push(`| ${s.row}. ${s.label} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

const basic: Kind[] = ["Required", "Optional", "Computed", "Optional+Computed", "Optional+Default"];
const modified: Kind[] = [
  "Computed+UseStateForUnknown",
  "Optional+Computed+UseStateForUnknown",
  "Optional+RequiresReplace",
];

const blockCore = new FakeCore(
  blocksProvider,
  Object.fromEntries(
    (Object.keys(blockSchemas) as BlockKind[]).map((k) => [blockTypeName(k), blockSchemas[k]]),
  ),
);

/** A list of `{ v }` objects as the plan shows it. */
const showList = (v: Value): string =>
  v.isNull()
    ? "null"
    : !v.isKnown()
      ? "(known after apply)"
      : `[${v
          .elements()
          .map((e) => (e.isKnown() ? `{v=${show(e.getAttr("v"))}}` : "(known after apply)"))
          .join(", ")}]`;

/** Like {@link cell}, for a list block or list nested attribute `x` of `{ v }` objects. */
async function blockCell(kind: BlockKind, s: Situation): Promise<string> {
  const type = blockTypeName(kind);
  const T = blockSchemas[kind].type;
  const listType = T.attributeTypes.x!;
  const elementType = (listType as Type & { elementType: Type }).elementType;
  const list = (v: string) => listVal([objectVal({ v: stringVal(v) })]);
  // A block left out of the configuration is an empty list; a nested attribute is null.
  const absent = kind === "list block" ? listValEmpty(elementType) : nullVal(listType);
  const config = objectVal({
    trigger: stringVal(s.trigger ?? "t1"),
    x: s.config === null ? absent : list(s.config),
  });
  const prior =
    s.state === undefined || s.state === null
      ? nullVal(T)
      : objectVal({ trigger: stringVal("t1"), x: list(s.state) });
  if ((await blockCore.validate(type, config)).some((d) => d.severity === "error")) return "error";
  const plan = await blockCore.plan(type, prior, config);
  expect(plan.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const planned = plan.planned.getAttr("x");
  if (prior.isNull()) return planned.isNull() ? "null" : `+ ${showList(planned)}`;
  const before = prior.getAttr("x");
  if (rawEquals(before, planned)) return `${showList(before)} (no change)`;
  return `~ ${showList(before)} -> ${showList(planned)}`;
}

async function blockTable(): Promise<string> {
  const columns = Object.keys(blockSchemas) as BlockKind[];
  const rows = situations.filter((s) => s.row !== "3a");
  const lines = [
    `| situation | ${columns.join(" | ")} |`,
    `| --- | ${columns.map(() => "---").join(" | ")} |`,
  ];
  for (const s of rows) {
    const cells = await Promise.all(columns.map(async (k) => `\`${await blockCell(k, s)}\``));
    lines.push(`| ${s.row}. ${s.label} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

describe("SDK attribute kinds: the plan each kind of attribute produces", () => {
  it("matches the write-up's tables", async () => {
    // Spot checks straight from the write-up.
    expect(await cell("Required", situations[0]!)).toBe("error");
    expect(await cell("Optional", situations[0]!)).toBe("null");
    expect(await cell("Computed", situations[0]!)).toBe("+ (known after apply)");
    expect(await cell("Computed", situations[1]!)).toBe("error");
    expect(await cell("Optional", situations[2]!)).toBe('- "old" -> null');
    expect(await cell("Computed", situations[2]!)).toBe('"old" (no change)');
    expect(await cell("Optional+Computed", situations[2]!)).toBe('"old" (no change)');
    expect(await cell("Optional+Default", situations[0]!)).toBe('+ "dflt"');
    expect(await cell("Optional+Default", situations[2]!)).toBe('~ "old" -> "dflt"');
    expect(await cell("Optional+Default", situations[3]!)).toBe('"dflt" (no change)');
    expect(await cell("Optional", situations[5]!)).toBe('~ "old" -> "cfg"');
  });

  it("keeps or forgets computed values when something else changes, per plan modifier", async () => {
    expect(await cell("Computed", situations[6]!)).toBe('~ "old" -> (known after apply)');
    expect(await cell("Computed+UseStateForUnknown", situations[6]!)).toBe('"old" (no change)');
    expect(await cell("Optional+RequiresReplace", situations[5]!)).toBe(
      '~ "old" -> "cfg" # forces replacement',
    );
  });

  it("plans nested objects as the SDK's embedded resources", async () => {
    const [, notInConfig, inConfig, inStateNotInConfig] = [undefined, ...situations];
    expect(await blockCell("list block", notInConfig!)).toBe("+ []");
    expect(await blockCell("Optional list nested attribute", notInConfig!)).toBe("null");
    expect(await blockCell("Optional+Computed list nested attribute", notInConfig!)).toBe(
      "+ (known after apply)",
    );
    expect(await blockCell("Computed list nested attribute", inConfig!)).toBe("error");
    expect(await blockCell("Optional list nested attribute", inStateNotInConfig!)).toBe(
      '~ [{v="old"}] -> null',
    );
    // Not the write-up's "{ state }": core's proposedNew (optionalValueNotComputable) sees that the
    // stored objects hold a configurable value, so they came from configuration, now removed.
    expect(await blockCell("Optional+Computed list nested attribute", inStateNotInConfig!)).toBe(
      '~ [{v="old"}] -> (known after apply)',
    );
  });

  it("is what the guide's tables say", async () => {
    const rendered = [await table(basic), await table(modified), await blockTable()];
    if (process.env.PRINT_TABLES === "1") console.log(rendered.join("\n\n"));
    const guide = readFileSync(new URL("../../../attribute-kinds.md", import.meta.url), "utf8");
    for (const t of rendered) expect(guide).toContain(t);
  });
});
