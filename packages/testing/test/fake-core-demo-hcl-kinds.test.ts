/**
 * The demo's attribute-kind tables (apps/demo-provider/test/attribute-kinds.test.ts, used
 * read-only: its rows copied here) under both runners from the same HCL. The demo test reads
 * the lines `terraform plan` prints, which only the CLI prints; here the same three
 * configurations (every create row in one plan, every "before" row applied then every "after"
 * row planned, and each `<error>` row) run in-process and under terraform, each row's action is
 * checked (create, no change, update, replace), its error summary and detail matched, and both
 * runners' plans and states are recorded and must be equal attribute by attribute.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { provider as demo } from "../../../apps/demo-provider/src/provider.js";
import {
  findTerraform,
  fromEntry,
  type ResourceAction,
  runAcceptance,
  runFakeCore,
  type TestStep,
} from "../src/index.js";
import { recorded, recorder } from "./hcl-differential.js";
import { CASE_TIMEOUT, MODE } from "./support.js";

const demoLauncher = fromEntry(
  fileURLToPath(new URL("../../../apps/demo-provider/src/main.ts", import.meta.url)),
  { conditions: ["@tfkit/source"] },
);
const dir = mkdtempSync(join(tmpdir(), "tfkit-fake-core-demo-hcl-kinds-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;
const freshStore = () => join(dir, `store-${++counter}.json`);

// apps/demo-provider/test/attribute-kinds.test.ts, verbatim.
interface Row {
  /** The write-up's table and row, e.g. "Attributes 1 / Computed". */
  readonly seed: string;
  /** Resource body before (rows 3 and 4: applied first). */
  readonly before?: string;
  /** Resource body planned. */
  readonly after: string;
  /** Lines the resource's plan section must contain (whitespace-normalised; `{name}` is the resource name). */
  readonly lines?: readonly string[];
  /** Substrings the section must not contain. */
  readonly absent?: readonly string[];
  /** The resource is not in the plan at all (no change). */
  readonly noChange?: true;
  /** The `<error>` cells: the error summary and a fragment of its detail. */
  readonly error?: readonly [summary: string, detail: string];
}

const IMG = `image = "debian-12"`;
const NIC = (network: string) => `network_interface {\n    network_id = "${network}"\n  }`;
const body = (...lines: string[]) => lines.join("\n  ");

// Every row gets its own resource, named after its index.
const rows: readonly Row[] = [
  // --- Attributes: Required / Optional / Computed ---
  {
    seed: "Attributes 1 / Required",
    after: body(IMG),
    error: ["Missing required argument", 'The argument "name" is required, but no definition was found.'],
  },
  { seed: "Attributes 1 / Optional", after: body(`name = "a"`, IMG), absent: ["description"] },
  {
    seed: "Attributes 1 / Computed",
    after: body(`name = "a"`, IMG),
    lines: ["+ created_at = (known after apply)", "+ id = (known after apply)"],
  },
  { seed: "Attributes 2 / Required", after: body(`name = "a"`, IMG), lines: ['+ name = "a"'] },
  {
    seed: "Attributes 2 / Optional",
    after: body(`name = "a"`, `description = "d"`, IMG),
    lines: ['+ description = "d"'],
  },
  {
    seed: "Attributes 2 / Computed",
    after: body(`name = "a"`, `created_at = "now"`, IMG),
    error: [
      "Invalid Configuration for Read-Only Attribute",
      "Cannot set value for this attribute as the provider has marked it as",
    ],
  },
  {
    seed: "Attributes 3 / Optional",
    before: body(`name = "a"`, `description = "d"`, IMG),
    after: body(`name = "a"`, IMG),
    lines: ['- description = "d" -> null'],
  },
  {
    seed: "Attributes 3 / Computed (state kept: UseStateForUnknown)",
    before: body(`name = "a"`, `description = "x"`, IMG),
    after: body(`name = "a"`, `description = "y"`, IMG),
    lines: ['~ description = "x" -> "y"'],
    absent: ["created_at"],
  },
  {
    seed: "Attributes 4a / Required, Optional",
    before: body(`name = "a"`, `description = "d"`, IMG),
    after: body(`name = "a"`, `description = "d"`, IMG),
    noChange: true,
  },
  {
    seed: "Attributes 4b / Required",
    before: body(`name = "a"`, IMG),
    after: body(`name = "b"`, IMG),
    lines: ['~ name = "a" -> "b"'],
  },
  {
    seed: "Attributes 4b / Optional",
    before: body(`name = "a"`, `description = "a"`, IMG),
    after: body(`name = "a"`, `description = "b"`, IMG),
    lines: ['~ description = "a" -> "b"'],
  },

  // --- Optional & Default (port = 8080) ---
  { seed: "Default 1", after: body(`name = "a"`, IMG), lines: ["+ port = 8080"] },
  { seed: "Default 2", after: body(`name = "a"`, `port = 9090`, IMG), lines: ["+ port = 9090"] },
  {
    seed: "Default 3a (default == state)",
    before: body(`name = "a"`, `port = 8080`, IMG),
    after: body(`name = "a"`, IMG),
    noChange: true,
  },
  {
    seed: "Default 3b (default != state)",
    before: body(`name = "a"`, `port = 9090`, IMG),
    after: body(`name = "a"`, IMG),
    lines: ["~ port = 9090 -> 8080"],
  },
  {
    seed: "Default 4a",
    before: body(`name = "a"`, `port = 9090`, IMG),
    after: body(`name = "a"`, `port = 9090`, IMG),
    noChange: true,
  },
  {
    seed: "Default 4b",
    before: body(`name = "a"`, `port = 9090`, IMG),
    after: body(`name = "a"`, `port = 9091`, IMG),
    lines: ["~ port = 9090 -> 9091"],
  },

  // --- Optional & Computed (size; the cloud picks "small") ---
  { seed: "Optional+Computed 1", after: body(`name = "a"`, IMG), lines: ["+ size = (known after apply)"] },
  {
    seed: "Optional+Computed 2",
    after: body(`name = "a"`, `size = "large"`, IMG),
    lines: ['+ size = "large"'],
  },
  {
    seed: "Optional+Computed 3 (state kept)",
    before: body(`name = "a"`, `size = "large"`, `description = "x"`, IMG),
    after: body(`name = "a"`, `description = "y"`, IMG),
    lines: ['~ description = "x" -> "y"'],
    absent: ["size"],
  },
  {
    seed: "Optional+Computed 3 (alone: no change)",
    before: body(`name = "a"`, `size = "large"`, IMG),
    after: body(`name = "a"`, IMG),
    noChange: true,
  },
  {
    seed: "Optional+Computed 4a",
    before: body(`name = "a"`, `size = "large"`, IMG),
    after: body(`name = "a"`, `size = "large"`, IMG),
    noChange: true,
  },
  {
    seed: "Optional+Computed 4b",
    before: body(`name = "a"`, IMG),
    after: body(`name = "a"`, `size = "large"`, IMG),
    lines: ['~ size = "small" -> "large"'],
  },

  // --- Embedded resources: an Optional list block and its Required / Computed attributes ---
  { seed: "Block 1 / Optional", after: body(`name = "a"`, IMG), absent: ["network_interface {"] },
  {
    seed: "Block 1 / block attribute Required",
    after: body(`name = "a"`, IMG, "network_interface {\n  }"),
    error: [
      "Missing required argument",
      'The argument "network_id" is required, but no definition was found.',
    ],
  },
  {
    seed: "Block 2 / Optional (+ attributes)",
    after: body(`name = "a"`, IMG, NIC("net-default")),
    lines: ["+ network_interface {", '+ network_id = "net-default"', "+ ip = (known after apply)"],
  },
  {
    seed: "Block 2 / block attribute Computed",
    after: body(
      `name = "a"`,
      IMG,
      `network_interface {\n    network_id = "net-default"\n    ip = "1.2.3.4"\n  }`,
    ),
    error: ["Invalid Configuration for Read-Only Attribute", "Cannot set value for this attribute"],
  },
  {
    seed: "Block 3 / Optional",
    before: body(`name = "a"`, IMG, NIC("net-default")),
    after: body(`name = "a"`, IMG),
    lines: ["- network_interface {", '- network_id = "net-default" -> null'],
  },
  {
    seed: "Block 3 / block attribute Computed (state kept)",
    before: body(`name = "a"`, `description = "x"`, IMG, NIC("net-default")),
    after: body(`name = "a"`, `description = "y"`, IMG, NIC("net-default")),
    lines: ['~ description = "x" -> "y"', "# (1 unchanged block hidden)"],
    absent: ["ip ="],
  },
  {
    seed: "Block 4a",
    before: body(`name = "a"`, IMG, NIC("net-default")),
    after: body(`name = "a"`, IMG, NIC("net-default")),
    noChange: true,
  },
  {
    seed: "Block 4b",
    before: body(`name = "a"`, IMG, NIC("net-default")),
    after: body(`name = "a"`, IMG, NIC("net-default"), NIC("net-default")),
    lines: [
      "+ network_interface {",
      '+ network_id = "net-default"',
      "+ ip = (known after apply)",
      "# (1 unchanged block hidden)",
    ],
  },

  // --- Computed embedded resource: all_interfaces (the "attribute" config mode) ---
  {
    seed: "Computed list 1",
    after: body(`name = "a"`, IMG),
    lines: ["+ all_interfaces = (known after apply)"],
  },
  {
    seed: "Computed list 2",
    after: body(`name = "a"`, `all_interfaces = []`, IMG),
    error: ["Invalid Configuration for Read-Only Attribute", "Cannot set value for this attribute"],
  },
  {
    seed: "Computed list 3 (state kept while the interfaces stay)",
    before: body(`name = "a"`, `description = "x"`, IMG),
    after: body(`name = "a"`, `description = "y"`, IMG),
    absent: ["all_interfaces"],
    lines: ['~ description = "x" -> "y"'],
  },
  {
    seed: "Computed list 3 (interfaces change: known after apply)",
    before: body(`name = "a"`, IMG),
    after: body(`name = "a"`, IMG, NIC("net-default")),
    lines: ["~ all_interfaces = [", "] -> (known after apply)"],
  },

  // --- Sensitive and RequiresReplace ---
  {
    seed: "Sensitive 2",
    after: body(`name = "a"`, `admin_password = "p"`, IMG),
    lines: ["+ admin_password = (sensitive value)"],
    absent: ['"p"'],
  },
  {
    seed: "Sensitive 4b",
    before: body(`name = "a"`, `admin_password = "p"`, IMG),
    after: body(`name = "a"`, `admin_password = "q"`, IMG),
    lines: ["~ admin_password = (sensitive value)"],
    absent: ['"q"'],
  },
  {
    seed: "RequiresReplace 4b",
    before: body(`name = "a"`, IMG),
    after: body(`name = "a"`, `image = "alpine-3.20"`),
    lines: [
      '-/+ resource "demo_server" "{name}" {',
      '~ image = "debian-12" -> "alpine-3.20" # forces replacement',
      // A new object: UseStateForUnknown does not carry the old size over a replacement.
      '~ size = "small" -> (known after apply)',
    ],
  },
];

const nameOf = (i: number) => `r${String(i).padStart(2, "0")}`;
const resource = (i: number, b: string) => `resource "demo_server" "${nameOf(i)}" {\n  ${b}\n}\n`;
const addressOf = (i: number) => `demo_server.${nameOf(i)}`;

const indexed = rows.map((row, i) => ({ row, i }));
const creates = indexed.filter(({ row }) => row.before === undefined && row.error === undefined);
const errors = indexed.filter(({ row }) => row.error !== undefined);
const changes = indexed.filter(({ row }) => row.before !== undefined);

/** The action a row's plan lines claim: `-/+` replaces, `~` updates, no section is no change. */
function actionOf(row: Row): ResourceAction {
  if (row.before === undefined) return "create";
  if (row.noChange) return "no-op";
  return row.lines?.some((l) => l.startsWith("-/+ ")) ? "replace" : "update";
}
const planOf = (rs: typeof indexed) =>
  Object.fromEntries(rs.map(({ row, i }) => [addressOf(i), actionOf(row)]));

/** Terraform wraps long lines: words separated by any whitespace. */
const wrapped = (text: string) =>
  new RegExp(
    text
      .trim()
      .split(/\s+/)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("\\s+"),
  );

const CASES: Record<string, readonly TestStep[]> = {
  "create rows: one plan of every row's configuration": [
    {
      config: creates.map(({ row, i }) => resource(i, row.after)).join("\n"),
      planOnly: true,
      expectNonEmptyPlan: true,
      expectPlan: planOf(creates),
    },
  ],
  "change rows: every before applied, every after planned": [
    { config: changes.map(({ row, i }) => resource(i, row.before ?? "")).join("\n") },
    {
      config: changes.map(({ row, i }) => resource(i, row.after)).join("\n"),
      planOnly: true,
      expectNonEmptyPlan: true,
      expectPlan: planOf(changes),
    },
  ],
  "error rows: each configuration error's summary and detail": errors.map(({ row, i }) => ({
    config: resource(i, row.after),
    expectError: new RegExp(
      `Error: ${wrapped(row.error?.[0] ?? "").source}[\\s\\S]*${wrapped(row.error?.[1] ?? "").source}`,
    ),
  })),
};

/**
 * Terraform creates the servers concurrently, so which one gets which id and default-network
 * address varies between runs: compared as "a server id" and "an address".
 */
const anyOrder = (record: unknown[]): unknown =>
  JSON.parse(
    JSON.stringify(record)
      .replace(/srv-\d+/g, "<server id>")
      .replace(/192\.168\.0\.\d+/g, "<default address>"),
  );

const hasTerraform = findTerraform() !== undefined;

describe("the demo's attribute-kind rows, also in-process", () => {
  it("covers every row of the demo test once", () => {
    expect(creates.length + changes.length + errors.length).toBe(rows.length);
    expect(errors.length).toBeGreaterThan(0);
  });
  for (const [name, steps] of Object.entries(CASES)) {
    it.skipIf(!hasTerraform)(
      name,
      async () => {
        const fake = recorder();
        const cli = recorder();
        const t0 = performance.now();
        await runFakeCore(recorded(steps, fake, { demo: demoLauncher }), {
          provider: demo,
          env: { TFKIT_DEMO_STORE: freshStore() },
        });
        const t1 = performance.now();
        await runAcceptance(recorded(steps, cli, { demo: demoLauncher }), {
          mode: MODE,
          env: { TFKIT_DEMO_STORE: freshStore() },
        });
        const t2 = performance.now();
        console.log(`${name}: fake core ${(t1 - t0).toFixed(0)} ms, real CLI ${(t2 - t1).toFixed(0)} ms`);
        // A case of expected errors only records nothing: the errors are its checks.
        if (steps.some((s) => !s.expectError)) expect(fake.record.length).toBeGreaterThan(0);
        expect(anyOrder(fake.record)).toEqual(anyOrder(cli.record));
      },
      CASE_TIMEOUT,
    );
  }
});
