/**
 * The write-up of SDK attribute kinds ("Terraform plan depends on how attributes are defined"), reproduced through the real
 * terraform CLI: for each row of its tables, the plan line terraform prints for the demo_server
 * attribute of that kind. Rows are grouped so that terraform runs only a few times: one create
 * plan (rows 1 and 2), one plan with every configuration error (the `<error>` cells), and one
 * apply of "before" configurations followed by one plan of the "after" ones (rows 3 and 4).
 *
 * Attribute kinds of demo_server: Required `name`, Optional `description`, Computed
 * `created_at` (UseStateForUnknown), Optional+Default `port` (8080), Optional+Computed `size`,
 * an Optional list block `network_interface` (Required `network_id`, Computed `ip`), a Computed
 * list of objects `all_interfaces`, Sensitive `admin_password`, RequiresReplace `image`.
 */
import { beforeAll, expect, it } from "vitest";
import { describeTerraform, E2E_TIMEOUT, type TfResult, Workdir } from "./harness.js";

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
const normalise = (line: string) => line.trim().replace(/\s+/g, " ");

/** The plan text of one resource (its lines from `# demo_server.rNN …` to the next resource). */
function section(output: string, i: number): string[] | undefined {
  const lines = output.split("\n");
  const start = lines.findIndex((l) => new RegExp(`^  # demo_server\\.${nameOf(i)}( |$)`).test(l));
  if (start < 0) return undefined;
  const end = lines.findIndex((l, k) => k > start && (/^ {2}# /.test(l) || /^Plan: /.test(l)));
  return lines.slice(start, end < 0 ? undefined : end).map(normalise);
}

/** The error chunk of one resource: its summary line and the text under it. */
function errorOf(output: string, i: number): string | undefined {
  return output
    .split(/\n(?=Error: )/)
    .find(
      (chunk) => chunk.startsWith("Error: ") && chunk.includes(`in resource "demo_server" "${nameOf(i)}"`),
    )
    ?.replace(/\s+/g, " ");
}

const indexed = rows.map((row, i) => ({ row, i }));
const creates = indexed.filter(({ row }) => row.before === undefined && row.error === undefined);
const errors = indexed.filter(({ row }) => row.error !== undefined);
const changes = indexed.filter(({ row }) => row.before !== undefined);

describeTerraform("attribute-kind tables through terraform plan (demo_server)", () => {
  let createPlan: TfResult;
  let errorPlan: TfResult;
  let changePlan: TfResult;

  beforeAll(async () => {
    const [a, b, c] = await Promise.all([
      Workdir.create("seed001-create"),
      Workdir.create("seed001-errors"),
      Workdir.create("seed001-change"),
    ]);
    a.config(creates.map(({ row, i }) => resource(i, row.after)).join("\n"));
    b.config(errors.map(({ row, i }) => resource(i, row.after)).join("\n"));
    c.config(changes.map(({ row, i }) => resource(i, row.before ?? "")).join("\n"));
    const applied = c.ok(["apply", "-auto-approve", "-parallelism=20"]);
    [createPlan, errorPlan] = await Promise.all([a.ok(["plan"]), b.ok(["plan"], {}, 1)]);
    await applied;
    c.config(changes.map(({ row, i }) => resource(i, row.after)).join("\n"));
    changePlan = await c.ok(["plan"]);
    await c.ok(["destroy", "-auto-approve", "-parallelism=20"]);
  }, E2E_TIMEOUT);

  it.each(indexed.map(({ row, i }) => [row.seed, row, i] as const))("%s", (_seed, row, i) => {
    if (row.error !== undefined) {
      const chunk = errorOf(errorPlan.output, i);
      expect(chunk, `no error for ${nameOf(i)} in:\n${errorPlan.output}`).toBeDefined();
      expect(chunk).toContain(`Error: ${row.error[0]}`);
      expect(chunk).toContain(row.error[1]);
      return;
    }
    const output = row.before === undefined ? createPlan.output : changePlan.output;
    const lines = section(output, i);
    if (row.noChange) {
      expect(lines, `demo_server.${nameOf(i)} should not be in the plan`).toBeUndefined();
      return;
    }
    expect(lines, `demo_server.${nameOf(i)} is not in the plan:\n${output}`).toBeDefined();
    const text = (lines ?? []).join("\n");
    for (const line of row.lines ?? []) {
      expect(lines, `section:\n${text}`).toContain(normalise(line.replace("{name}", nameOf(i))));
    }
    for (const fragment of row.absent ?? []) expect(text).not.toContain(fragment);
  });
});
