/**
 * The fake core on HCL configurations, differentially: each case runs under the fake core and
 * under terraform 1.11.4, recording every step's planned actions and values (`after`,
 * `after_unknown`) and every state (attributes, outputs); the two records must be equal
 * attribute by attribute. Widget ids hold a timestamp, so they are compared by their serial.
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL templates are the subject here.
import { describe, expect, it } from "vitest";
import { knownvalue, runFakeCore, statecheck, type TestStep } from "../src/index.js";
import { recorded, recorder } from "./hcl-differential.js";
import { CASE_TIMEOUT, failureOf } from "./support.js";
import {
  freshStore,
  hasTerraform,
  type Runner,
  runWith,
  widgetsLauncher,
  widgetsProvider,
  writeWidgets,
} from "./widgets-support.js";

const CASES: Record<string, readonly TestStep[]> = {
  "references: unknown ids flow into dependents, known ones do not": [
    {
      config: `
resource "widgets_widget" "a" {
  zone = "eu"
  name = "db-a"
}
resource "widgets_widget" "b" {
  zone  = widgets_widget.a.zone
  name  = "web-\${widgets_widget.a.id}"
  label = widgets_widget.a.id
  size  = widgets_widget.a.serial + 1
}
output "b_name" { value = widgets_widget.b.name }
`,
      expectPlan: { "widgets_widget.a": "create", "widgets_widget.b": "create" },
      stateChecks: [statecheck.expectKnownOutputValue("b_name", knownvalue.stringRegexp(/^web-w-1-/))],
    },
    {
      // a's size changes in place: b and p are unchanged (a's values stay known).
      config: `
resource "widgets_widget" "a" {
  zone = "eu"
  name = "db-a"
  size = 5
}
resource "widgets_widget" "b" {
  zone  = widgets_widget.a.zone
  name  = "web-\${widgets_widget.a.id}"
  label = widgets_widget.a.id
  size  = widgets_widget.a.serial + 1
}
`,
      expectPlan: { "widgets_widget.a": "update", "widgets_widget.b": "no-op" },
    },
    {
      // a is replaced: a new id and serial, so b is replaced too (its name requires it).
      config: `
resource "widgets_widget" "a" {
  zone = "eu"
  name = "db-b"
}
resource "widgets_widget" "b" {
  zone  = widgets_widget.a.zone
  name  = "web-\${widgets_widget.a.id}"
  label = widgets_widget.a.id
}
`,
      expectPlan: {
        "widgets_widget.a": "destroy-before-create",
        "widgets_widget.b": "destroy-before-create",
      },
    },
  ],
  "unknown values reach the provider with terraform's refinements (plan only)": [
    {
      config: `
resource "widgets_widget" "a" {
  zone = "eu"
  name = "db-a"
}
resource "widgets_probe" "p" {
  s  = "pre-\${widgets_widget.a.id}"
  n  = widgets_widget.a.serial
  b  = widgets_widget.a.id == "x"
  l  = [widgets_widget.a.id, "x"]
  st = [widgets_widget.a.serial]
  m  = { id = widgets_widget.a.id }
}
`,
      planOnly: true,
      expectNonEmptyPlan: true,
    },
  ],
  "function results of unknown values reach the provider refined as terraform refines them (plan only)": [
    {
      config: `
resource "widgets_widget" "a" {
  zone = "eu"
  name = "db-a"
}
resource "widgets_probe" "p" {
  s  = upper(widgets_widget.a.id)
  n  = length(widgets_widget.a.id)
  b  = widgets_widget.a.serial > 3
  l  = split(",", widgets_widget.a.id)
  m  = merge({ a = "x" }, { b = widgets_widget.a.id })
}
`,
      planOnly: true,
      expectNonEmptyPlan: true,
    },
  ],
  "count, variables, locals and functions": [
    {
      config: `
variable "n" {
  type    = number
  default = 3
}
variable "zones" {
  type    = list(string)
  default = ["eu", "us"]
}
locals {
  prefix = lower("WEB")
  tags   = { team = "core", env = "dev" }
}
resource "widgets_widget" "c" {
  count = var.n
  zone  = element(var.zones, count.index)
  name  = format("%s-%d", local.prefix, count.index)
  size  = length(local.tags) * (count.index + 1)
  label = join(",", [for k, v in local.tags : "\${k}=\${v}"])
}
output "names" { value = [for w in widgets_widget.c : w.name] }
output "first" { value = widgets_widget.c[0].zone }
`,
    },
    {
      config: `
variable "n" {
  default = 1
}
resource "widgets_widget" "c" {
  count = var.n
  zone  = "eu"
  name  = format("%s-%d", "web", count.index)
  size  = 2 * (count.index + 1)
  label = jsonencode({ b = [1, "two"], a = true })
}
`,
    },
  ],
  "for_each over maps and sets, each.key and each.value": [
    {
      config: `
locals {
  sizes = { small = 1, large = 50 }
}
resource "widgets_widget" "m" {
  for_each = local.sizes
  zone     = "eu"
  name     = "m-\${each.key}"
  size     = each.value
}
resource "widgets_widget" "s" {
  for_each = toset(["x", "y"])
  zone     = "us"
  name     = each.value
  label    = widgets_widget.m["large"].id
}
output "ids" { value = { for k, w in widgets_widget.m : k => w.size } }
`,
    },
    {
      config: `
locals {
  sizes = { small = 2, medium = 10 }
}
resource "widgets_widget" "m" {
  for_each = local.sizes
  zone     = "eu"
  name     = "m-\${each.key}"
  size     = each.value
}
`,
    },
  ],
  "expressions: conditionals, try, lookup, merge, coalesce, split, replace": [
    {
      config: `
locals {
  base  = { zone = "eu", size = 3 }
  over  = merge(local.base, { size = 7 })
  parts = split("/", "a/b/c")
}
resource "widgets_widget" "e" {
  zone  = lookup(local.over, "zone", "us")
  name  = length(local.parts) > 2 ? replace("x_y", "_", "-") : "short"
  size  = try(local.over.size * 2, 0)
  label = coalesce("", upper(local.parts[1]), "z")
}
resource "widgets_probe" "p" {
  b  = !(local.over.size == 7) || contains(local.parts, "b")
  st = toset([1, 2, 2, 3])
  l  = ["a", "b"]
  m  = { k = "v" }
  s  = tostring(tonumber("12.50"))
}
`,
    },
  ],
  "lifecycle: ignore_changes, create_before_destroy, replace_triggered_by": [
    {
      config: `
resource "widgets_widget" "i" {
  zone = "eu"
  name = "ign"
  size = 1
  lifecycle {
    ignore_changes = [size]
  }
}
resource "widgets_widget" "c" {
  zone = "eu"
  name = "cbd-1"
  lifecycle {
    create_before_destroy = true
  }
}
resource "widgets_widget" "t" {
  zone = "eu"
  name = "trig"
  size = 1
}
resource "widgets_widget" "r" {
  zone = "eu"
  name = "replaced"
  lifecycle {
    replace_triggered_by = [widgets_widget.t]
  }
}
`,
    },
    {
      config: `
resource "widgets_widget" "i" {
  zone = "eu"
  name = "ign"
  size = 99
  lifecycle {
    ignore_changes = [size]
  }
}
resource "widgets_widget" "c" {
  zone = "eu"
  name = "cbd-2"
  lifecycle {
    create_before_destroy = true
  }
}
resource "widgets_widget" "t" {
  zone = "eu"
  name = "trig"
  size = 2
}
resource "widgets_widget" "r" {
  zone = "eu"
  name = "replaced"
  lifecycle {
    replace_triggered_by = [widgets_widget.t]
  }
}
`,
      expectPlan: {
        "widgets_widget.i": "no-op",
        "widgets_widget.c": "create-before-destroy",
        "widgets_widget.t": "update",
        "widgets_widget.r": "destroy-before-create",
      },
    },
  ],
  "depends_on and prevent_destroy (an expected error)": [
    {
      config: `
resource "widgets_widget" "first" {
  zone = "eu"
  name = "first"
}
resource "widgets_widget" "second" {
  zone       = "eu"
  name       = "second"
  depends_on = [widgets_widget.first]
  lifecycle {
    prevent_destroy = true
  }
}
`,
    },
    {
      config: `
resource "widgets_widget" "first" {
  zone = "eu"
  name = "first"
}
resource "widgets_widget" "second" {
  zone       = "eu"
  name       = "second-renamed"
  depends_on = [widgets_widget.first]
  lifecycle {
    prevent_destroy = true
  }
}
`,
      expectError: /Instance cannot be destroyed/,
    },
    {
      // Lift the protection so the final destroy may run.
      config: `
resource "widgets_widget" "first" {
  zone = "eu"
  name = "first"
}
resource "widgets_widget" "second" {
  zone       = "eu"
  name       = "second"
  depends_on = [widgets_widget.first]
}
`,
    },
  ],
  "configuration errors: the same expected errors": [
    {
      config: `
resource "widgets_widget" "a" {
  zone = "eu"
  name = "a"
}
resource "widgets_widget" "b" {
  count = widgets_widget.a.serial
  zone  = "eu"
  name  = "b"
}
`,
      expectError: /Invalid count argument/,
    },
    {
      config: `
resource "widgets_widget" "a" {
  zone = "eu"
}
`,
      expectError: /Missing required argument/,
    },
    {
      config: `
resource "widgets_widget" "a" {
  zone = "eu"
  name = "a"
  size = "big"
}
`,
      expectError: /Incorrect attribute value type/,
    },
    {
      config: `
resource "widgets_widget" "a" {
  zone = "eu"
  name = "a"
  label = "invalid"
}
`,
      expectError: /label "invalid" is not allowed/,
    },
    {
      // Unused, but every root variable needs a value and every local is evaluated.
      config: `
variable "unused" {}
resource "widgets_widget" "a" {
  zone = "eu"
  name = "a"
}
`,
      expectError: /No value for required variable/,
    },
    {
      config: `
locals {
  unused = [1][5]
}
resource "widgets_widget" "a" {
  zone = "eu"
  name = "a"
}
`,
      expectError: /Invalid index/,
    },
    {
      config: `
resource "widgets_widget" "a" {
  zone = "eu"
  name = "a"
}
`,
    },
  ],
  "moved blocks: a rename is not a replacement": [
    {
      config: `
resource "widgets_widget" "old" {
  zone = "eu"
  name = "keep"
}
`,
    },
    {
      config: `
resource "widgets_widget" "new" {
  zone = "eu"
  name = "keep"
}
moved {
  from = widgets_widget.old
  to   = widgets_widget.new
}
`,
      expectPlan: { "widgets_widget.new": "no-op" },
    },
  ],
};

describe("HCL configurations: the fake core agrees with terraform", () => {
  for (const [name, steps] of Object.entries(CASES)) {
    it.skipIf(!hasTerraform)(
      name,
      async () => {
        const fake = recorder();
        const cli = recorder();
        const t0 = performance.now();
        await runWith("fake core", recorded(steps, fake, { widgets: widgetsLauncher }), freshStore());
        const t1 = performance.now();
        await runWith("real CLI", recorded(steps, cli, { widgets: widgetsLauncher }), freshStore());
        const t2 = performance.now();
        console.log(`${name}: fake core ${(t1 - t0).toFixed(0)} ms, real CLI ${(t2 - t1).toFixed(0)} ms`);
        // A case of expected errors only records nothing: the errors are its checks.
        if (steps.some((s) => !s.expectError)) expect(fake.record.length).toBeGreaterThan(0);
        expect(fake.record).toEqual(cli.record);
      },
      CASE_TIMEOUT,
    );
  }
});

describe("import blocks", () => {
  const importConfig = (size: number) => `
import {
  to = widgets_widget.e
  id = "eu/ext"
}
resource "widgets_widget" "e" {
  zone = "eu"
  name = "ext"
  size = ${size}
}
`;
  const run = async (runner: Runner) => {
    const r = recorder();
    const store = freshStore();
    const steps: TestStep[] = [
      {
        // An object made outside terraform, then imported by the import block.
        preConfig: () =>
          writeWidgets(
            {
              widgets: { "w-7-ext": { zone: "eu", name: "ext", size: 3, label: null, serial: 7 } },
              serial: 7,
            },
            store,
          ),
        config: importConfig(3),
        expectPlan: { "widgets_widget.e": "no-op" },
      },
      { config: importConfig(4), expectPlan: { "widgets_widget.e": "update" } },
    ];
    await runWith(runner, recorded(steps, r, { widgets: widgetsLauncher }), store);
    return r.record;
  };
  it.skipIf(!hasTerraform)(
    "an existing object is imported (a no-op plan), then managed",
    async () => {
      const fake = await run("fake core");
      expect(fake.length).toBeGreaterThan(0);
      expect(fake).toEqual(await run("real CLI"));
    },
    CASE_TIMEOUT,
  );
});

describe("HCL outside the subset is refused, never guessed", () => {
  const refused = async (config: string, construct: RegExp) => {
    const error = await failureOf(() =>
      runFakeCore(
        // expectError must not swallow a refusal: the case would pass for the wrong reason.
        { providers: { widgets: widgetsLauncher }, steps: [{ config, expectError: /.*/ }] },
        { provider: widgetsProvider, env: { TFKIT_WIDGETS_STORE: freshStore() } },
      ),
    );
    expect(error.message).toMatch(construct);
    expect(error.message).toContain("run this case with runAcceptance");
  };
  it("splat expressions", () =>
    refused(
      `resource "widgets_widget" "a" {\n  zone = "eu"\n  name = "a"\n  label = join(",", widgets_widget.x[*].id)\n}\n`,
      /splat expressions \(\[\*\]\) \(line 4/,
    ));
  it("modules, dynamic blocks, provisioners, template directives, unknown functions", async () => {
    await refused(`module "m" {\n  source = "./m"\n}\n`, /module blocks/);
    await refused(
      `resource "widgets_widget" "a" {\n  zone = "eu"\n  name = "a"\n  dynamic "x" {\n    for_each = []\n    content {}\n  }\n}\n`,
      /dynamic blocks/,
    );
    await refused(
      `resource "widgets_widget" "a" {\n  zone = "eu"\n  name = "%{ if true }a%{ endif }"\n}\n`,
      /template directives/,
    );
    await refused(
      `resource "widgets_widget" "a" {\n  zone = "eu"\n  name = timeadd("x", "1h")\n}\n`,
      /the function timeadd\(\)/,
    );
    await refused(`check "c" {}\n`, /check blocks/);
    await refused(
      `resource "widgets_widget" "a" {\n  zone = path.module\n  name = "a"\n}\n`,
      /references to path/,
    );
  });
});
