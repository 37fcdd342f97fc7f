/**
 * The demo's real-terraform tests that need more than the acceptance runner offers (injected
 * faults per command, hand-written state files, timing, raw plan text), on @tfkit/testing's
 * terraform harness: the demo is bundled once per test file, each test gets a working directory
 * with a dev_overrides CLI config and its own store file, and terraform runs with no `init`.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  bundleProviderExecutable,
  createTerraformWorkdir,
  requiredProvidersBlock,
  type TerraformWorkdir,
  terraformOrWarn,
} from "@tfkit/testing";
import { describe } from "vitest";
import type { StoreData } from "../src/store/file-store.js";

/** The provider source address the demo is overridden at. */
export const SOURCE = "example.test/tfkit/demo";

/** `describe` that is skipped without terraform (TF_ACC_TERRAFORM_PATH or `terraform` on PATH), loudly. */
export function describeTerraform(name: string, body: () => void): void {
  if (terraformOrWarn("the demo-provider end-to-end tests") !== undefined) describe(name, body);
  else describe.skip(`${name} (SKIPPED: no terraform binary)`, body);
}

const root = mkdtempSync(join(tmpdir(), "tfkit-demo-e2e-"));
process.once("exit", () => {
  if (process.env.TFKIT_DEMO_KEEP !== "1") rmSync(root, { recursive: true, force: true });
});

let built: Promise<string> | undefined;

/** Bundles the demo once per test file; returns the directory holding `terraform-provider-demo`. */
export function providerDir(): Promise<string> {
  built ??= bundleProviderExecutable(new URL("../src/main.ts", import.meta.url).pathname, {
    typeName: "demo",
    outDir: join(root, "provider"),
    conditions: ["@tfkit/source"],
  }).then((b) => b.dir);
  return built;
}

/** What one terraform command did. */
export interface TfResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout + stderr. */
  readonly output: string;
  readonly ms: number;
}

/** The `terraform { required_providers }` header every configuration starts with. */
export const HEADER = `${requiredProvidersBlock({ demo: SOURCE })}\n`;

/** A working directory with its CLI config and store. */
export class Workdir {
  readonly dir: string;
  readonly storePath: string;
  readonly #wd: TerraformWorkdir;

  private constructor(wd: TerraformWorkdir) {
    this.dir = wd.dir;
    this.storePath = join(wd.dir, "cloud.json");
    this.#wd = wd;
  }

  /** A fresh directory for one test. */
  static async create(name: string): Promise<Workdir> {
    const pluginDir = await providerDir();
    const wd = await createTerraformWorkdir({
      providers: { [SOURCE]: join(pluginDir, "terraform-provider-demo") },
      parent: root,
      prefix: `${name.replace(/[^a-z0-9]+/gi, "-")}-`,
      // Long applies of hundreds of resources on a busy 2-core machine.
      commandTimeoutMs: 900_000,
    });
    return new Workdir(wd);
  }

  /** Writes main.tf (the header is added). */
  config(body: string): void {
    this.#wd.writeConfig(HEADER + body);
  }

  /** Runs terraform (`-no-color` added to commands that take it). */
  async tf(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<TfResult> {
    const full = ["plan", "apply", "destroy", "import", "show", "refresh", "validate"].includes(args[0] ?? "")
      ? [args[0] ?? "", "-no-color", ...args.slice(1)]
      : [...args];
    const r = await this.#wd.run(full, {
      env: { TFKIT_DEMO_STORE: this.storePath, TFKIT_DEMO_FAULTS: "", ...env },
    });
    return {
      code: r.code ?? -1,
      stdout: r.stdout,
      stderr: r.stderr,
      output: r.stdout + r.stderr,
      ms: r.durationMs,
    };
  }

  /** Runs terraform and fails (with its output) unless it exits with `expected`. */
  async ok(
    args: readonly string[],
    env: Readonly<Record<string, string>> = {},
    expected = 0,
  ): Promise<TfResult> {
    const r = await this.tf(args, env);
    if (r.code !== expected) {
      throw new Error(
        `terraform ${args.join(" ")} exited ${r.code} (expected ${expected}) in ${this.dir}:\n${r.output}`,
      );
    }
    return r;
  }

  /** `terraform show -json` of the state. */
  async state(): Promise<ShownState> {
    const r = await this.ok(["show", "-json"]);
    return JSON.parse(r.stdout) as ShownState;
  }

  /** The raw terraform.tfstate file. */
  stateFile(): RawStateFile {
    return JSON.parse(readFileSync(join(this.dir, "terraform.tfstate"), "utf8")) as RawStateFile;
  }

  /** The demo cloud's store (empty when never written). */
  store(): StoreData {
    if (!existsSync(this.storePath)) return { format: 1, serial: 0, sequences: {}, objects: {} };
    return JSON.parse(readFileSync(this.storePath, "utf8")) as StoreData;
  }

  /** Objects of one kind in the store. */
  objects(kind: string): StoreData["objects"][string][] {
    return Object.values(this.store().objects).filter((o) => o.kind === kind);
  }

  /** Writes a file in the directory. */
  write(name: string, content: string): void {
    this.#wd.write(name, content);
  }
}

/** The part of `terraform show -json` the tests read. */
export interface ShownState {
  readonly values?: {
    readonly root_module: {
      readonly resources?: readonly {
        readonly address: string;
        readonly type: string;
        readonly values: Record<string, unknown>;
        readonly schema_version: number;
        readonly tainted?: boolean;
      }[];
    };
    readonly outputs?: Record<string, { readonly value: unknown }>;
  };
}

/** The part of terraform.tfstate the tests read. */
export interface RawStateFile {
  readonly resources: readonly {
    readonly type: string;
    readonly name: string;
    readonly instances: readonly {
      readonly schema_version: number;
      readonly status?: string;
      readonly attributes: Record<string, unknown>;
    }[];
  }[];
}

/** The resources of a shown state, by address. */
export function resourcesOf(
  state: ShownState,
): Map<
  string,
  NonNullable<ShownState["values"]>["root_module"]["resources"] extends readonly (infer R)[] | undefined
    ? R
    : never
> {
  return new Map((state.values?.root_module.resources ?? []).map((r) => [r.address, r]));
}

/** Timeout for a test that runs several terraform commands (generous: CI runs every package at once on 2 cores). */
export const E2E_TIMEOUT = 480_000;
