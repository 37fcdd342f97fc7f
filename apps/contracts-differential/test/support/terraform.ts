import {
  createTerraformWorkdir,
  requiredProvidersBlock,
  terraformOrWarn,
  terraformVersion as versionOf,
} from "@tfkit/testing";
import { PROVIDER_SOURCE, PROVIDER_TYPE } from "../../src/schema.js";

/** The `terraform` binary, or undefined (the differential test then skips; the harness warns loudly). */
export const terraformPath: string | undefined = terraformOrWarn("the contracts-differential tests");

/** The version of that terraform (`1.11.4`), or undefined when it is missing. */
export const terraformVersion: string | undefined =
  terraformPath === undefined ? undefined : versionOf(terraformPath);

/** What one terraform command did. */
export interface TerraformRun {
  readonly code: number | null;
  /** stdout, then stderr. */
  readonly output: string;
}

/** A temporary terraform working directory wired to the test provider through dev_overrides. */
export interface Workspace {
  readonly dir: string;
  /** The file the provider records its calls in. */
  readonly recordFile: string;
  /** Runs terraform with the scenario selected for the provider. */
  run(scenario: string, args: readonly string[]): Promise<TerraformRun>;
  /** Removes the directory. */
  close(): Promise<void>;
}

/** The `terraform {}` block every configuration starts with. */
export const REQUIRED_PROVIDERS = requiredProvidersBlock({ [PROVIDER_TYPE]: PROVIDER_SOURCE });

/** Creates a fresh working directory holding `main.tf` and, when given, a stored state. */
export async function createWorkspace(
  executable: string,
  mainTf: string,
  state?: { readonly type: string; readonly attributes: Readonly<Record<string, unknown>> },
): Promise<Workspace> {
  const wd = await createTerraformWorkdir({
    providers: { [PROVIDER_SOURCE]: executable },
    prefix: "tfkit-diff-",
  });
  const recordFile = `${wd.dir}/calls.jsonl`;
  wd.writeConfig(mainTf);
  if (state) wd.write("terraform.tfstate", stateFile(state.type, state.attributes));
  return {
    dir: wd.dir,
    recordFile,
    async run(scenario, args) {
      const run = await wd.run(args, { env: { TFDIFF_RECORD: recordFile, TFDIFF_SCENARIO: scenario } });
      return { code: run.code, output: run.stdout + run.stderr };
    },
    close: () => wd.close(),
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
