import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROVIDER_SOURCE, PROVIDER_TYPE } from "../../src/schema.js";

/** Absolute path of the `terraform` on PATH, or undefined (the differential test then skips loudly). */
export const terraformPath: string | undefined = (() => {
  const found = spawnSync("sh", ["-c", "command -v terraform"], { encoding: "utf8" });
  const path = found.stdout.trim();
  return found.status === 0 && path !== "" ? path : undefined;
})();

/** The version of that terraform (`1.11.4`), or undefined when it is missing. */
export const terraformVersion: string | undefined = (() => {
  if (!terraformPath) return undefined;
  const out = spawnSync(terraformPath, ["version", "-json"], {
    encoding: "utf8",
    env: { ...process.env, CHECKPOINT_DISABLE: "1" },
  });
  try {
    return (JSON.parse(out.stdout) as { terraform_version?: string }).terraform_version;
  } catch {
    return undefined;
  }
})();

/** What one terraform command did. */
export interface TerraformRun {
  readonly code: number | null;
  readonly output: string;
}

/** A temporary terraform working directory wired to the test provider through dev_overrides. */
export interface Workspace {
  readonly dir: string;
  /** The file the provider records its calls in. */
  readonly recordFile: string;
  /** Runs terraform with the scenario selected for the provider. */
  run(scenario: string, args: readonly string[]): Promise<TerraformRun>;
}

/** The `terraform {}` block every configuration starts with. */
export const REQUIRED_PROVIDERS = `terraform {
  required_providers {
    ${PROVIDER_TYPE} = { source = ${JSON.stringify(PROVIDER_SOURCE)} }
  }
}
`;

/** Creates a fresh working directory holding `main.tf` and, when given, a stored state. */
export function createWorkspace(
  providerDir: string,
  mainTf: string,
  state?: { readonly type: string; readonly attributes: Readonly<Record<string, unknown>> },
): Workspace {
  const dir = mkdtempSync(join(tmpdir(), "tfkit-diff-"));
  const cliConfig = join(dir, "dev.tfrc");
  // Only the override may be used: nothing is ever downloaded, no `terraform init`.
  writeFileSync(
    cliConfig,
    `provider_installation {\n  dev_overrides {\n    ${JSON.stringify(PROVIDER_SOURCE)} = ${JSON.stringify(providerDir)}\n  }\n}\n`,
  );
  writeFileSync(join(dir, "main.tf"), mainTf);
  if (state) writeFileSync(join(dir, "terraform.tfstate"), stateFile(state.type, state.attributes));
  const recordFile = join(dir, "calls.jsonl");
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Inherited TF_* settings (reattach, log level, data dir…) would change what is tested.
    if (!k.startsWith("TF_") && !k.startsWith("PLUGIN_")) env[k] = v;
  }
  Object.assign(env, {
    TF_CLI_CONFIG_FILE: cliConfig,
    CHECKPOINT_DISABLE: "1",
    TF_IN_AUTOMATION: "1",
    TF_INPUT: "0",
    TFDIFF_RECORD: recordFile,
  });
  return {
    dir,
    recordFile,
    run(scenario, args) {
      return new Promise((resolve, reject) => {
        const child = spawn(terraformPath ?? "terraform", args, {
          cwd: dir,
          env: { ...env, TFDIFF_SCENARIO: scenario },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.on("data", (c: Buffer) => {
          output += c.toString("utf8");
        });
        child.stderr.on("data", (c: Buffer) => {
          output += c.toString("utf8");
        });
        child.on("error", reject);
        child.on("close", (code) => resolve({ code, output }));
      });
    },
  };
}

/** A version-4 state file holding one `<type>.t` instance with these attributes. */
function stateFile(type: string, attributes: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(
    {
      version: 4,
      terraform_version: "1.11.4",
      serial: 1,
      lineage: "00000000-0000-4000-8000-000000000000",
      outputs: {},
      resources: [
        {
          mode: "managed",
          type,
          name: "t",
          provider: `provider["${PROVIDER_SOURCE}"]`,
          instances: [{ schema_version: 0, attributes, sensitive_attributes: [] }],
        },
      ],
      check_results: null,
    },
    null,
    2,
  );
}
