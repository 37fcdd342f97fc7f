/**
 * The demo as users without Node get it: `@tfkit/cli` packages it (single executable, release zip,
 * SHA256SUMS, manifest) and lays the release out as a filesystem_mirror; the real terraform then
 * installs it with a CLI config that has ONLY that mirror (no dev_overrides, no direct, no
 * network), and applies and destroys a network and a server with the installed executable.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createMirror, currentTarget, type PackageResult, packageProvider } from "@tfkit/cli";
import { terraformCliConfig, terraformOrWarn } from "@tfkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoreData } from "../src/store/file-store.js";

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const NAME = "demo";
const VERSION = "0.1.0";
const HOSTNAME = "example.test";
const NAMESPACE = "tfkit";
const SOURCE = `${HOSTNAME}/${NAMESPACE}/${NAME}`;
const target = currentTarget();
const zipName = `terraform-provider-${NAME}_${VERSION}_${target}.zip`;
const executableName = `terraform-provider-${NAME}_v${VERSION}${target.startsWith("windows_") ? ".exe" : ""}`;
// Building the single executable copies the ~100 MB node binary and injects the bundle; terraform
// then starts that executable several times per command. Generous for a busy 2-core machine.
const SLOW = 600_000;

/** The terraform binary (TF_ACC_TERRAFORM_PATH or `terraform` on PATH), or undefined after a loud warning. */
const TERRAFORM = terraformOrWarn(
  "the demo-provider mirror-install test (terraform init/apply/destroy from the filesystem_mirror)",
);

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let work: string;
let release: PackageResult;
let packagingMs = 0;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "tfkit-demo-mirror-"));
  const started = performance.now();
  release = await packageProvider({
    entry: join(appDir, "src", "main.ts"),
    name: NAME,
    version: VERSION,
    outDir: join(work, "dist-provider"),
    // Bundle the @tfkit packages from their TypeScript sources: nothing has to be built first.
    conditions: ["@tfkit/source"],
  });
  packagingMs = performance.now() - started;
  console.log(`tfkit package (bundle + single executable + zip) of the demo: ${Math.round(packagingMs)} ms`);
}, SLOW);

afterAll(() => {
  if (work && process.env.TFKIT_DEMO_KEEP !== "1") rmSync(work, { recursive: true, force: true });
});

describe("tfkit package + tfkit mirror of the demo", () => {
  it("writes the zip, SHA256SUMS and manifest for this platform", () => {
    const files = readdirSync(release.outDir).sort();
    const sums = `terraform-provider-${NAME}_${VERSION}_SHA256SUMS`;
    const manifest = `terraform-provider-${NAME}_${VERSION}_manifest.json`;
    expect(files).toEqual([sums, zipName, manifest].sort());
    expect(release.targets).toHaveLength(1);
    const built = release.targets[0];
    expect(built).toMatchObject({ kind: "built", target, zip: zipName });
    // SHA256SUMS checked with an independent SHA-256 over the bytes on disk.
    const zipBytes = readFileSync(join(release.outDir, zipName));
    const lines = readFileSync(join(release.outDir, sums), "utf8").trimEnd().split("\n");
    expect(lines).toContain(`${sha256(zipBytes)}  ${zipName}`);
    expect(lines).toContain(`${sha256(readFileSync(join(release.outDir, manifest)))}  ${manifest}`);
    expect(built?.kind === "built" && built.zipSha256).toBe(sha256(zipBytes));
    expect(JSON.parse(readFileSync(join(release.outDir, manifest), "utf8"))).toEqual({
      version: 1,
      metadata: { protocol_versions: ["6.0"] },
    });
  });

  it("lays the release out as a packed filesystem_mirror, byte for byte", () => {
    const mirror = join(work, "mirror");
    const result = createMirror({
      releaseDir: release.outDir,
      hostname: HOSTNAME,
      namespace: NAMESPACE,
      outDir: mirror,
    });
    expect(result.files).toEqual([`${SOURCE}/${zipName}`]);
    expect(sha256(readFileSync(join(mirror, SOURCE, zipName)))).toBe(
      sha256(readFileSync(join(release.outDir, zipName))),
    );
  });
});

/** `describe`, or a skip whose name says which terraform binary was missing. */
const describeTerraform = (name: string, body: () => void) =>
  TERRAFORM !== undefined
    ? describe(name, body)
    : describe.skip(`${name} (SKIPPED: no terraform binary)`, body);

describeTerraform(`terraform installs ${SOURCE} from the filesystem_mirror only (no dev_overrides)`, () => {
  let dir: string;
  let storePath: string;
  let env: NodeJS.ProcessEnv;

  const terraform = (...args: string[]) =>
    new Promise<{ code: number | null; out: string; ms: number }>((resolvePromise, reject) => {
      const started = performance.now();
      const child = spawn(TERRAFORM ?? "terraform", args, {
        cwd: dir,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (c: Buffer) => {
        out += c.toString("utf8");
      });
      child.stderr.on("data", (c: Buffer) => {
        out += c.toString("utf8");
      });
      child.on("error", reject);
      child.on("close", (code) => resolvePromise({ code, out, ms: performance.now() - started }));
    });

  const store = (): StoreData =>
    existsSync(storePath)
      ? (JSON.parse(readFileSync(storePath, "utf8")) as StoreData)
      : { format: 1, serial: 0, sequences: {}, objects: {} };

  beforeAll(() => {
    dir = join(work, "tf");
    mkdirSync(dir);
    storePath = join(dir, "cloud.json");
    const mirror = join(work, "mirror");
    if (!existsSync(join(mirror, SOURCE, zipName))) {
      createMirror({ releaseDir: release.outDir, hostname: HOSTNAME, namespace: NAMESPACE, outDir: mirror });
    }
    // Only the mirror: no dev_overrides, and no `direct` block, so nothing can come from a registry.
    writeFileSync(join(dir, "mirror.tfrc"), terraformCliConfig({ filesystemMirror: mirror }));
    writeFileSync(
      join(dir, "main.tf"),
      `terraform {
  required_providers {
    ${NAME} = { source = "${SOURCE}", version = "${VERSION}" }
  }
}

provider "demo" {
  store_path = ${JSON.stringify(storePath)}
}

resource "demo_network" "app" {
  name = "app"
  cidr = "10.42.0.0/24"
}

resource "demo_server" "web" {
  name  = "web"
  image = "debian-12"

  network_interface {
    network_id = demo_network.app.id
  }
}

output "gateway" {
  value = provider::demo::cidr_host(demo_network.app.cidr, 1)
}
`,
    );
    env = {};
    // No inherited TF_* (a developer's TF_CLI_CONFIG_FILE or TF_REATTACH_PROVIDERS) or store path.
    for (const [k, v] of Object.entries(process.env)) {
      if (
        !k.startsWith("TF_") &&
        !k.startsWith("PLUGIN_") &&
        k !== "TFKIT_DEMO_STORE" &&
        k !== "TFKIT_DEMO_FAULTS"
      )
        env[k] = v;
    }
    Object.assign(env, {
      TF_CLI_CONFIG_FILE: join(dir, "mirror.tfrc"),
      CHECKPOINT_DISABLE: "1",
      TF_IN_AUTOMATION: "1",
      TF_INPUT: "0",
    });
  });

  it("terraform init installs the packaged executable and locks tfkit's h1 hash", {
    timeout: SLOW,
  }, async () => {
    const init = await terraform("init", "-input=false", "-no-color");
    expect(init.code, init.out).toBe(0);
    expect(init.out).toContain(`Installing ${SOURCE} v${VERSION}...`);
    expect(init.out).toContain(`Installed ${SOURCE} v${VERSION} (unauthenticated)`);
    const built = release.targets[0];
    if (built?.kind !== "built") throw new Error("the current platform was not built");
    const lock = readFileSync(join(dir, ".terraform.lock.hcl"), "utf8");
    expect(lock).toContain(`provider "${SOURCE}" {`);
    expect(lock).toContain(`version     = "${VERSION}"`);
    // terraform computed h1 itself over the unpacked package; tfkit computed it over the
    // executable before zipping: the two must agree.
    // Only h1: terraform records zh: (the zip's SHA-256) only from a registry's signed SHA256SUMS,
    // never for an unauthenticated mirror package.
    const hashes = [...lock.matchAll(/"((?:h1|zh):[^"]+)"/g)].map((m) => m[1]);
    expect(hashes, lock).toEqual([built.h1]);
    const installed = join(dir, ".terraform/providers", SOURCE, VERSION, target, executableName);
    expect(statSync(installed).mode & 0o111).not.toBe(0);
    // The single executable (a whole node binary plus the bundle), not a script needing node.
    expect(statSync(installed).size).toBeGreaterThan(statSync(process.execPath).size);
    console.log(`terraform init from the mirror: ${Math.round(init.ms)} ms`);
  });

  it("init accepts a lock file pinned to tfkit's h1 in advance and refuses a wrong one", {
    timeout: SLOW,
  }, async () => {
    const built = release.targets[0];
    if (built?.kind !== "built") throw new Error("the current platform was not built");
    const pinned = (hash: string) =>
      `provider "${SOURCE}" {\n  version     = "${VERSION}"\n  constraints = "${VERSION}"\n  hashes = [\n    "${hash}",\n  ]\n}\n`;
    const mainTf = readFileSync(join(dir, "main.tf"), "utf8");
    const home = dir;
    try {
      for (const [name, hash, ok] of [
        ["pinned-right", built.h1, true],
        // A valid-looking h1 of other content: the SHA-256 of the zip, not of the package.
        [
          "pinned-wrong",
          `h1:${Buffer.from(sha256(readFileSync(join(release.outDir, zipName))), "hex").toString("base64")}`,
          false,
        ],
      ] as const) {
        dir = join(work, name);
        mkdirSync(dir);
        writeFileSync(join(dir, "main.tf"), mainTf);
        writeFileSync(join(dir, ".terraform.lock.hcl"), pinned(hash));
        const init = await terraform("init", "-input=false", "-no-color");
        if (ok) {
          expect(init.code, init.out).toBe(0);
          expect(init.out).toContain(`Installed ${SOURCE} v${VERSION} (unauthenticated)`);
        } else {
          expect(init.code, init.out).not.toBe(0);
          // terraform wraps its error text: compare with the line breaks folded.
          expect(init.out.replace(/\s+/g, " ")).toContain(
            `package for ${SOURCE} ${VERSION} doesn't match any of the checksums previously recorded`,
          );
        }
      }
    } finally {
      dir = home;
    }
  });

  it("applies a network and a server, re-plans empty, and destroys them", { timeout: SLOW }, async () => {
    const apply = await terraform("apply", "-auto-approve", "-input=false", "-no-color");
    expect(apply.code, apply.out).toBe(0);
    expect(apply.out).toContain("Apply complete! Resources: 2 added, 0 changed, 0 destroyed.");

    const state = JSON.parse(readFileSync(join(dir, "terraform.tfstate"), "utf8")) as {
      resources: {
        type: string;
        name: string;
        provider: string;
        instances: { attributes: Record<string, unknown> }[];
      }[];
      outputs: Record<string, { value: unknown }>;
    };
    const byType = (type: string) => state.resources.find((r) => r.type === type);
    const network = byType("demo_network");
    const server = byType("demo_server");
    expect(network?.provider).toBe(`provider["${SOURCE}"]`);
    expect(server?.provider).toBe(`provider["${SOURCE}"]`);
    const networkAttrs = network?.instances[0]?.attributes ?? {};
    const serverAttrs = server?.instances[0]?.attributes ?? {};
    expect(networkAttrs).toMatchObject({ name: "app", cidr: "10.42.0.0/24" });
    expect(networkAttrs.id).toEqual(expect.any(String));
    expect(serverAttrs).toMatchObject({ name: "web", image: "debian-12", size: "small", port: 8080 });
    const interfaces = serverAttrs.network_interface as { network_id: string; ip: string }[];
    expect(interfaces).toHaveLength(1);
    expect(interfaces[0]?.network_id).toBe(networkAttrs.id);
    expect(interfaces[0]?.ip).toMatch(/^10\.42\.0\.\d+$/);
    expect(state.outputs.gateway?.value).toBe("10.42.0.1");

    // The demo cloud's store (in the temp dir, via store_path) holds exactly these two objects.
    const objects = Object.keys(store().objects).sort();
    expect(objects).toEqual([networkAttrs.id, serverAttrs.id].sort());

    const plan = await terraform("plan", "-detailed-exitcode", "-input=false", "-no-color");
    expect(plan.code, plan.out).toBe(0);
    expect(plan.out).toContain("No changes.");

    const destroy = await terraform("destroy", "-auto-approve", "-input=false", "-no-color");
    expect(destroy.code, destroy.out).toBe(0);
    expect(destroy.out).toContain("Destroy complete! Resources: 2 destroyed.");
    expect(Object.keys(store().objects)).toEqual([]);
    expect(readdirSync(dir)).not.toContain("crash.log");
    console.log(
      `apply ${Math.round(apply.ms)} ms, plan ${Math.round(plan.ms)} ms, destroy ${Math.round(destroy.ms)} ms`,
    );
  });
});
