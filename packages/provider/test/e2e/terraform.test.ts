// End to end under the real terraform binary: CRUD, no-op re-plan, write-only, data source,
// function call, import, the "Resource Lifecycle" partial state after a failed create (tainted, then
// replaced, no zombie left), an ephemeral value into a write-only attribute, a cross-type move,
// and an upgrade of state written at an older schema version.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(here, "../..");
const SOURCE = "example.test/tfkit/tfkitp";
const hasTerraform = spawnSync("terraform", ["version"], { encoding: "utf8" }).status === 0;

let pluginDir = "";
let work = "";
let env: NodeJS.ProcessEnv = {};
let store = "";

function tf(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync("terraform", args, { cwd: work, env, encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function writeConfig(body: string): void {
  writeFileSync(
    join(work, "main.tf"),
    `terraform {\n  required_providers {\n    tfkitp = { source = "${SOURCE}" }\n  }\n}\n\nprovider "tfkitp" {\n  store = ${JSON.stringify(store)}\n}\n\n${body}\n`,
  );
}

interface ShownResource {
  address: string;
  values: Record<string, unknown>;
  tainted?: boolean;
}
function shown(): ShownResource[] {
  const r = tf("show", "-json");
  if (r.status !== 0) throw new Error(`terraform show failed: ${r.stderr}`);
  const j = JSON.parse(r.stdout) as { values?: { root_module?: { resources?: ShownResource[] } } };
  return j.values?.root_module?.resources ?? [];
}
function things(): Record<string, { name: string; size: number; secret: string | null }> {
  return existsSync(store)
    ? (JSON.parse(readFileSync(store, "utf8")) as { things: Record<string, never> }).things
    : {};
}

describe.skipIf(!hasTerraform)("under terraform", { timeout: 180_000 }, () => {
  beforeAll(async () => {
    const tmpRoot = join(packageDir, ".tfkit-tmp");
    mkdirSync(tmpRoot, { recursive: true });
    pluginDir = mkdtempSync(join(tmpRoot, "e2e-"));
    await build({
      entryPoints: [join(here, "provider-main.ts")],
      outfile: join(pluginDir, "provider.mjs"),
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      logLevel: "error",
      conditions: ["@tfkit/source"],
      plugins: [
        {
          name: "external-third-party",
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith("@tfkit/") ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
    const exe = join(pluginDir, "terraform-provider-tfkitp");
    writeFileSync(exe, '#!/usr/bin/env node\nimport("./provider.mjs");\n');
    chmodSync(exe, 0o755);
    work = mkdtempSync(join(tmpdir(), "tfkit-provider-e2e-"));
    store = join(work, "cloud.json");
    const rc = join(work, "dev.tfrc");
    writeFileSync(
      rc,
      `provider_installation {\n  dev_overrides {\n    "${SOURCE}" = ${JSON.stringify(pluginDir)}\n  }\n}\n`,
    );
    env = {
      ...process.env,
      TF_CLI_CONFIG_FILE: rc,
      CHECKPOINT_DISABLE: "1",
      TF_IN_AUTOMATION: "1",
      TFKIT_STRICT: "1",
    };
  }, 120_000);

  afterAll(() => {
    if (work !== "") rmSync(work, { recursive: true, force: true });
    if (pluginDir !== "") rmSync(pluginDir, { recursive: true, force: true });
  });

  it("creates with a write-only value, a data source and a function; re-plans empty", () => {
    writeConfig(`
data "tfkitp_echo" "e" {
  input = provider::tfkitp::upper("hi")
}

resource "tfkitp_thing" "a" {
  name   = data.tfkitp_echo.e.output
  secret = "s3cret"
}
`);
    const apply = tf("apply", "-auto-approve", "-no-color");
    expect(apply.stderr).toBe("");
    expect(apply.status).toBe(0);
    const [res] = shown().filter((r) => r.address === "tfkitp_thing.a");
    expect(res?.values).toMatchObject({ id: "thing-1", name: "echo: HI", size: 1, secret: null });
    expect(things()["thing-1"]).toEqual({ name: "echo: HI", size: 1, secret: "s3cret" });
    const plan = tf("plan", "-detailed-exitcode", "-no-color");
    expect(plan.stdout).toContain("No changes.");
    expect(plan.status).toBe(0);
  });

  it("updates in place", () => {
    writeConfig(`
resource "tfkitp_thing" "a" {
  name = "echo: HI"
  size = 3
}
`);
    const apply = tf("apply", "-auto-approve", "-no-color");
    expect(apply.status).toBe(0);
    expect(apply.stdout).toContain("1 changed");
    expect(things()["thing-1"]?.size).toBe(3);
  });

  it("a function argument error points at the argument", () => {
    writeConfig(`
output "o" {
  value = provider::tfkitp::upper("")
}
`);
    const plan = tf("plan", "-no-color");
    expect(plan.status).toBe(1);
    expect(plan.stderr).toContain("text must not be empty");
  });

  it("Resource Lifecycle: a failed create leaves the object tainted in state, the next apply replaces it", () => {
    writeConfig(`
resource "tfkitp_thing" "b" {
  name              = "flaky"
  fail_after_create = true
}
`);
    const failed = tf("apply", "-auto-approve", "-no-color");
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain("Thing failed to start");
    const [b] = shown().filter((r) => r.address === "tfkitp_thing.b");
    expect(b?.tainted).toBe(true);
    const createdId = b?.values.id as string;
    expect(things()[createdId]).toBeDefined();

    writeConfig(`
resource "tfkitp_thing" "b" {
  name = "flaky"
}
`);
    const plan = tf("plan", "-no-color");
    expect(plan.stdout).toContain("is tainted, so must be replaced");
    const fixed = tf("apply", "-auto-approve", "-no-color");
    expect(fixed.status).toBe(0);
    expect(things()[createdId]).toBeUndefined(); // no zombie
    const [b2] = shown().filter((r) => r.address === "tfkitp_thing.b");
    expect(b2?.tainted).toBeFalsy();
  });

  it("imports an existing object by id", () => {
    const db = JSON.parse(readFileSync(store, "utf8")) as { next: number; things: Record<string, unknown> };
    db.things["thing-99"] = { name: "outside", size: 7, secret: null };
    writeFileSync(store, JSON.stringify(db));
    writeConfig(`
resource "tfkitp_thing" "b" {
  name = "flaky"
}

resource "tfkitp_thing" "imported" {
  name = "outside"
  size = 7
}
`);
    const imp = tf("import", "-no-color", "tfkitp_thing.imported", "thing-99");
    expect(imp.stderr).toBe("");
    expect(imp.status).toBe(0);
    const plan = tf("plan", "-detailed-exitcode", "-no-color");
    expect(plan.stdout).toContain("No changes.");
  });

  it("an ephemeral value feeds a write-only attribute, never reaching state", () => {
    writeConfig(`
ephemeral "tfkitp_token" "t" {
  scope = "deploy"
}

resource "tfkitp_thing" "b" {
  name = "flaky"
}

resource "tfkitp_thing" "imported" {
  name   = "outside"
  size   = 8 # write-only values cause no diff by themselves: change something
  secret = ephemeral.tfkitp_token.t.value
}
`);
    const apply = tf("apply", "-auto-approve", "-no-color");
    expect(apply.stderr).toBe("");
    expect(apply.status).toBe(0);
    expect(things()["thing-99"]?.secret).toBe("token-for-deploy");
    expect(readFileSync(join(work, "terraform.tfstate"), "utf8")).not.toContain("token-for-deploy");
  });

  it("moves a thing to another resource type through a cross-type moved block", () => {
    const id = shown().find((r) => r.address === "tfkitp_thing.b")?.values.id;
    writeConfig(`
resource "tfkitp_thing" "imported" {
  name = "outside"
  size = 8
}

moved {
  from = tfkitp_thing.b
  to   = tfkitp_versioned.b
}

resource "tfkitp_versioned" "b" {
  name    = "flaky"
  enabled = "moved"
}
`);
    const apply = tf("apply", "-auto-approve", "-no-color");
    expect(apply.stderr).toBe("");
    expect(apply.status).toBe(0);
    expect(apply.stdout).toContain("has moved to tfkitp_versioned.b");
    const moved = shown().find((r) => r.address === "tfkitp_versioned.b");
    expect(moved?.values).toMatchObject({ id, name: "flaky", enabled: "moved" });
  });

  it("upgrades state written at an older schema version", () => {
    // Rewrite the stored tfkitp_versioned.b as schema version 0 wrote it (enabled was a bool).
    const path = join(work, "terraform.tfstate");
    const state = JSON.parse(readFileSync(path, "utf8")) as {
      serial: number;
      resources: {
        type: string;
        instances: { schema_version: number; attributes: Record<string, unknown> }[];
      }[];
    };
    const r = state.resources.find((x) => x.type === "tfkitp_versioned");
    const inst = r!.instances[0]!;
    inst.schema_version = 0;
    inst.attributes = { id: inst.attributes.id, name: "flaky", enabled: true };
    state.serial += 1;
    writeFileSync(path, JSON.stringify(state));
    writeConfig(`
resource "tfkitp_thing" "imported" {
  name = "outside"
  size = 8
}

resource "tfkitp_versioned" "b" {
  name    = "flaky"
  enabled = "true"
}
`);
    const plan = tf("plan", "-detailed-exitcode", "-no-color");
    expect(plan.stderr).toBe("");
    expect(plan.stdout).toContain("No changes.");
    expect(plan.status).toBe(0);
    // Persist the upgraded object: the state file now holds version 1 with enabled = "true".
    expect(tf("apply", "-auto-approve", "-no-color").status).toBe(0);
    const after = JSON.parse(readFileSync(path, "utf8")) as typeof state;
    const upgraded = after.resources.find((x) => x.type === "tfkitp_versioned")!.instances[0]!;
    expect(upgraded.schema_version).toBe(1);
    expect(upgraded.attributes.enabled).toBe("true");
  });

  it("destroys everything", () => {
    const movedId = shown().find((r) => r.address === "tfkitp_versioned.b")?.values.id as string;
    const destroy = tf("destroy", "-auto-approve", "-no-color");
    expect(destroy.status).toBe(0);
    // tfkitp_versioned has no remote side, so only the object moved to it stays in the cloud.
    expect(Object.keys(things())).toEqual([movedId]);
    expect(shown()).toEqual([]);
  });
});
