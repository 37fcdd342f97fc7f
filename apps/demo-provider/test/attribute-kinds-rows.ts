/**
 * The rows of the write-up of SDK attribute kinds ("Terraform plan depends on how attributes are
 * defined") as demo_server configurations: one list, run by attribute-kinds.test.ts under the
 * real CLI and by @tfkit/testing's fake-core differential (test/fake-core-demo-hcl-kinds.test.ts)
 * under both runners.
 */

export interface Row {
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
export const rows: readonly Row[] = [
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
