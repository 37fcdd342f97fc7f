/**
 * A small real-terraform harness for the end-to-end tests that need more than the acceptance
 * runner offers (injected faults per command, hand-written state files, timing, raw plan text):
 * the demo is bundled once per test file, each test gets a working directory with a
 * dev_overrides CLI config and its own store file, and terraform runs with no `init`.
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "vitest";
import { buildDemo } from "../scripts/build.mjs";
import type { StoreData } from "../src/store/file-store.js";

/** The provider source address the demo is overridden at. */
export const SOURCE = "example.test/tfkit/demo";

/** The terraform binary used (TF_ACC_TERRAFORM_PATH or `terraform` on PATH). */
export const TERRAFORM = process.env.TF_ACC_TERRAFORM_PATH ?? "terraform";

let available: boolean | undefined;

/** Whether terraform runs here; warns loudly (naming the binary) when it does not. */
export function terraformAvailable(): boolean {
  if (available === undefined) {
    const r = spawnSync(TERRAFORM, ["version"], { encoding: "utf8" });
    available = r.error === undefined && r.status === 0;
    if (!available) {
      console.warn(
        `\n!!! demo-provider end-to-end tests SKIPPED: the terraform binary "${TERRAFORM}" is not runnable ` +
          `(${r.error?.message ?? `exit ${r.status}`}). Install terraform 1.11.4 on PATH to run them. !!!\n`,
      );
    }
  }
  return available;
}

/** `describe` that is skipped (loudly) without terraform. */
export function describeTerraform(name: string, body: () => void): void {
  if (terraformAvailable()) describe(name, body);
  else describe.skip(`${name} (SKIPPED: no terraform binary "${TERRAFORM}")`, body);
}

const root = mkdtempSync(join(tmpdir(), "tfkit-demo-e2e-"));
process.once("exit", () => {
  if (process.env.TFKIT_DEMO_KEEP !== "1") rmSync(root, { recursive: true, force: true });
});

let built: Promise<string> | undefined;

/** Bundles the demo once per test file; returns the directory holding `terraform-provider-demo`. */
export function providerDir(): Promise<string> {
  built ??= (async () => {
    const dir = join(root, "provider");
    mkdirSync(dir, { recursive: true });
    await buildDemo({ outfile: join(dir, "provider.mjs") });
    const exe = join(dir, "terraform-provider-demo");
    writeFileSync(exe, '#!/usr/bin/env node\nimport("./provider.mjs");\n');
    chmodSync(exe, 0o755);
    return dir;
  })();
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
export const HEADER = `terraform {\n  required_providers {\n    demo = { source = "${SOURCE}" }\n  }\n}\n\n`;

/** A working directory with its CLI config and store. */
export class Workdir {
  readonly dir: string;
  readonly storePath: string;
  readonly #cliConfig: string;

  private constructor(dir: string, cliConfig: string) {
    this.dir = dir;
    this.storePath = join(dir, "cloud.json");
    this.#cliConfig = cliConfig;
  }

  /** A fresh directory for one test. */
  static async create(name: string): Promise<Workdir> {
    const pluginDir = await providerDir();
    const dir = mkdtempSync(join(root, `${name.replace(/[^a-z0-9]+/gi, "-")}-`));
    const cliConfig = join(dir, "dev.tfrc");
    writeFileSync(
      cliConfig,
      `provider_installation {\n  dev_overrides {\n    ${JSON.stringify(SOURCE)} = ${JSON.stringify(pluginDir)}\n  }\n}\n`,
    );
    return new Workdir(dir, cliConfig);
  }

  /** Writes main.tf (the header is added). */
  config(body: string): void {
    writeFileSync(join(this.dir, "main.tf"), HEADER + body);
  }

  /** Runs terraform (`-no-color` added to commands that take it). */
  tf(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<TfResult> {
    const started = performance.now();
    const full = ["plan", "apply", "destroy", "import", "show", "refresh", "validate"].includes(args[0] ?? "")
      ? [args[0] ?? "", "-no-color", ...args.slice(1)]
      : [...args];
    return new Promise((resolve, reject) => {
      const child = spawn(TERRAFORM, full, {
        cwd: this.dir,
        env: {
          ...process.env,
          TF_CLI_CONFIG_FILE: this.#cliConfig,
          CHECKPOINT_DISABLE: "1",
          TF_IN_AUTOMATION: "1",
          TFKIT_DEMO_STORE: this.storePath,
          TFKIT_DEMO_FAULTS: "",
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => {
        stdout += d.toString();
      });
      child.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
      });
      child.on("error", reject);
      child.on("close", (code) =>
        resolve({
          code: code ?? -1,
          stdout,
          stderr,
          output: stdout + stderr,
          ms: performance.now() - started,
        }),
      );
    });
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
    writeFileSync(join(this.dir, name), content);
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
