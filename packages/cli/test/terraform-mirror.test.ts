/**
 * End to end: `packageProvider` turns grpc-transport's e2e test provider into a single executable
 * and a registry-style release, `createMirror` lays it out as a packed filesystem_mirror, and the
 * real terraform installs it offline (`init`, no dev_overrides, no direct) and drives it through
 * apply and destroy.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  createTerraformWorkdir,
  requiredProvidersBlock,
  type TerraformWorkdir,
  terraformOrWarn,
} from "@tfkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleProvider } from "../src/bundle.js";
import { sha256Hex } from "../src/hash.js";
import { createMirror } from "../src/mirror.js";
import { type PackageResult, packageProvider } from "../src/package-provider.js";
import { buildSingleExecutable } from "../src/sea.js";
import { measureStartup } from "../src/startup.js";
import { currentTarget, type Target } from "../src/targets.js";
import { gpgPath, gpgVerify, throwawayKey } from "./throwaway-key.js";
import { readZipEntries, readZipEntry } from "./zip-entries.js";

const here = dirname(fileURLToPath(import.meta.url));
const providerEntry = resolve(here, "../../grpc-transport/test/e2e/provider/main.ts");
// `await serve(provider)` at the top level, as the guides write the entry point.
const topLevelAwaitEntry = resolve(here, "fixtures/top-level-await/main.ts");
const NAME = "tfkite2e";
const VERSION = "0.1.0";
const SOURCE = `example.test/tfkit/${NAME}`;
const target = currentTarget();
// A platform this machine is not, with no --node-binary: must be reported as skipped.
const foreign: Target = target === "linux_arm64" ? "linux_amd64" : "linux_arm64";

const terraformPath: string | undefined = terraformOrWarn(
  "the @tfkit/cli filesystem_mirror install test (terraform init/apply/destroy)",
);

let work: string;
let release: PackageResult;
let signingKey: { privateKey: string; publicKey: string };

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "tfkit-cli-test-"));
  signingKey = await throwawayKey();
  release = await packageProvider({
    signingKey: { armoredKey: signingKey.privateKey },
    entry: providerEntry,
    name: NAME,
    version: VERSION,
    targets: [target, foreign],
    outDir: join(work, "dist-provider"),
    conditions: ["@tfkit/source"],
  });
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("tfkit package", () => {
  it("writes one zip per built platform with the executable (mode 0755) inside", { tags: ["slow"] }, () => {
    const built = release.targets.find((t) => t.kind === "built");
    expect(built).toMatchObject({
      kind: "built",
      target,
      zip: `terraform-provider-${NAME}_${VERSION}_${target}.zip`,
    });
    const entries = readZipEntries(
      join(release.outDir, `terraform-provider-${NAME}_${VERSION}_${target}.zip`),
    );
    expect(entries.map((e) => e.name)).toEqual([`terraform-provider-${NAME}_v${VERSION}`]);
    expect((entries[0]?.mode ?? 0) & 0o777).toBe(0o755);
    // A SEA is a whole Node binary plus the blob: bigger than the node it was copied from.
    expect(entries[0]?.uncompressedSize).toBeGreaterThan(statSync(process.execPath).size);
  });

  it("reports a platform without a Node binary as skipped, naming --node-binary", { tags: ["slow"] }, () => {
    const skipped = release.targets.find((t) => t.target === foreign);
    expect(skipped?.kind).toBe("skipped");
    expect(skipped?.kind === "skipped" && skipped.reason).toContain(`--node-binary ${foreign}=`);
    expect(readdirSync(release.outDir).some((f) => f.includes(foreign))).toBe(false);
  });

  it("writes SHA256SUMS over the zips and the manifest, its signature, and the protocol 6.0 manifest", {
    tags: ["slow"],
  }, () => {
    const files = readdirSync(release.outDir).sort();
    const zip = `terraform-provider-${NAME}_${VERSION}_${target}.zip`;
    const manifest = `terraform-provider-${NAME}_${VERSION}_manifest.json`;
    const sums = `terraform-provider-${NAME}_${VERSION}_SHA256SUMS`;
    expect(files).toEqual([sums, `${sums}.sig`, zip, manifest].sort());
    expect(JSON.parse(readFileSync(join(release.outDir, manifest), "utf8"))).toEqual({
      version: 1,
      metadata: { protocol_versions: ["6.0"] },
    });
    const expected = [manifest, zip]
      .sort()
      .map((f) => `${sha256Hex(readFileSync(join(release.outDir, f)))}  ${f}\n`)
      .join("");
    expect(readFileSync(join(release.outDir, sums), "utf8")).toBe(expected);
    const sha256sum = spawnSync("sha256sum", ["-c", sums], { cwd: release.outDir, encoding: "utf8" });
    if (sha256sum.error === undefined) expect(sha256sum.status, sha256sum.stdout + sha256sum.stderr).toBe(0);
  });

  it.skipIf(gpgPath === undefined)(
    "signs SHA256SUMS with the key given: gpg --verify accepts the .sig",
    {
      tags: ["slow"],
    },
    () => {
      expect(release.signature.kind).toBe("signed");
      const sums = join(release.outDir, release.sums);
      const verified = gpgVerify(signingKey.publicKey, `${sums}.sig`, sums);
      expect(verified.status, verified.output).toBe(0);
      expect(verified.output).toContain("Good signature");
    },
  );

  it("starts the current platform's executable from a startup snapshot by default", {
    tags: ["slow"],
  }, () => {
    const built = release.targets.find((t) => t.kind === "built");
    const canSnapshot = typeof (process as { getBuiltinModule?: unknown }).getBuiltinModule === "function";
    expect(built?.kind === "built" && built.startup).toBe(canSnapshot ? "snapshot" : "plain");
    expect(built?.kind === "built" && built.startupNote).toBeUndefined();
  });

  it('is reproducible with startup: "plain": packaging twice gives byte-identical zips', {
    tags: ["slow"],
  }, async () => {
    const pack = (out: string) =>
      packageProvider({
        entry: providerEntry,
        name: NAME,
        version: VERSION,
        outDir: join(work, out),
        conditions: ["@tfkit/source"],
        startup: "plain",
      });
    const first = await pack("dist-provider-plain");
    const again = await pack("dist-provider-again");
    const zip = `terraform-provider-${NAME}_${VERSION}_${target}.zip`;
    expect(first.targets.map((t) => t.kind === "built" && t.startup)).toEqual(["plain"]);
    // No key this time: no .sig, and the result says the release is unsigned.
    expect(again.signature.kind).toBe("unsigned");
    expect(again.signature.kind === "unsigned" && again.signature.warning).toContain("UNSIGNED RELEASE");
    expect(readdirSync(again.outDir).some((f) => f.endsWith(".sig"))).toBe(false);
    expect(sha256Hex(readFileSync(join(again.outDir, zip)))).toBe(
      sha256Hex(readFileSync(join(first.outDir, zip))),
    );
  });

  it("packages an entry that uses top-level await; its executable reaches the handshake", {
    tags: ["slow"],
  }, async () => {
    const tla = await packageProvider({
      entry: topLevelAwaitEntry,
      name: "tfkittla",
      version: VERSION,
      outDir: join(work, "dist-tla"),
      conditions: ["@tfkit/source"],
    });
    expect(tla.targets.map((t) => t.kind)).toEqual(["built"]);
    const zip = join(tla.outDir, `terraform-provider-tfkittla_${VERSION}_${target}.zip`);
    const executable = join(work, "tla", `terraform-provider-tfkittla_v${VERSION}`);
    mkdirSync(dirname(executable), { recursive: true });
    // Run what the zip holds, as terraform would after installing it.
    writeFileSync(executable, readZipEntry(zip, basename(executable)), { mode: 0o755 });
    // Rejects with the executable's stderr if it exits before printing the go-plugin handshake.
    const started = await measureStartup({ command: executable, runs: 3 });
    expect(started.samples).toHaveLength(3);
  });

  it("starts as a single executable; start-up next to plain node (median of 10)", {
    tags: ["slow"],
  }, async () => {
    const script = join(work, "startup", "provider.cjs");
    mkdirSync(dirname(script), { recursive: true });
    await bundleProvider({ entry: providerEntry, outfile: script, conditions: ["@tfkit/source"] });
    const executable = join(work, "startup", `terraform-provider-${NAME}`);
    await buildSingleExecutable({ script, nodeBinary: process.execPath, target, output: executable });
    await measureStartup({ command: process.execPath, args: [script], runs: 2 }); // warm the page cache
    await measureStartup({ command: executable, runs: 2 });
    const plain = await measureStartup({ command: process.execPath, args: [script], runs: 10 });
    const sea = await measureStartup({ command: executable, runs: 10 });
    console.log(
      `start-up to handshake, median of 10: single executable ${sea.median.toFixed(1)} ms, ` +
        `node provider.cjs ${plain.median.toFixed(1)} ms`,
    );
    expect(sea.samples).toHaveLength(10);
    expect(sea.median).toBeGreaterThan(0);
  });
});

describe.skipIf(!terraformPath)(
  "terraform init from the filesystem_mirror (offline, no dev_overrides)",
  () => {
    let dir: string;
    let mirror: string;
    let wd: TerraformWorkdir | undefined;

    const terraform = async (...args: string[]) => {
      const run = await (wd as TerraformWorkdir).run(args);
      return { code: run.code, out: run.stdout + run.stderr };
    };

    beforeAll(async () => {
      mirror = join(work, "mirror");
      const result = createMirror({
        releaseDir: release.outDir,
        hostname: "example.test",
        namespace: "tfkit",
        outDir: mirror,
      });
      expect(result.files).toEqual([
        `example.test/tfkit/${NAME}/terraform-provider-${NAME}_${VERSION}_${target}.zip`,
      ]);
      // Only the mirror: no dev_overrides, no direct (nothing may come from a registry).
      wd = await createTerraformWorkdir({ filesystemMirror: mirror, prefix: "tfkit-cli-mirror-" });
      dir = wd.dir;
      wd.writeConfig(
        `${requiredProvidersBlock({ [NAME]: { source: SOURCE, version: VERSION } })}resource "${NAME}_thing" "a" {
  name = "alpha"
  size = 3
}
output "greeting" { value = ${NAME}_thing.a.greeting }
`,
      );
    });

    afterAll(() => wd?.close());

    it("installs from the mirror and locks the package's h1 hash", { tags: ["slow"] }, async () => {
      const init = await terraform("init", "-input=false", "-no-color");
      expect(init.code, init.out).toBe(0);
      expect(init.out).toContain(`Installing ${SOURCE} v${VERSION}`);
      expect(init.out).toContain(`Installed ${SOURCE} v${VERSION} (unauthenticated)`);
      const built = release.targets.find((t) => t.kind === "built");
      const lock = readFileSync(join(dir, ".terraform.lock.hcl"), "utf8");
      expect(lock).toContain(`provider "${SOURCE}" {`);
      expect(lock).toContain(`version     = "${VERSION}"`);
      // terraform hashed the unpacked package itself; our h1 was computed from the executable.
      expect(built?.kind === "built" && lock.includes(`"${built.h1}"`), lock).toBe(true);
      const installed = join(
        dir,
        ".terraform/providers",
        SOURCE,
        VERSION,
        target,
        `terraform-provider-${NAME}_v${VERSION}`,
      );
      expect(statSync(installed).mode & 0o111).not.toBe(0);
    });

    it("applies and destroys with the installed single executable", { tags: ["slow"] }, async () => {
      const apply = await terraform("apply", "-auto-approve", "-input=false", "-no-color");
      expect(apply.code, apply.out).toBe(0);
      expect(apply.out).toContain("Apply complete! Resources: 1 added, 0 changed, 0 destroyed.");
      const state = JSON.parse(readFileSync(join(dir, "terraform.tfstate"), "utf8")) as {
        resources: { instances: { attributes: Record<string, unknown> }[] }[];
        outputs: Record<string, { value: unknown }>;
      };
      expect(state.outputs.greeting?.value).toBe("hello alpha");
      expect(state.resources[0]?.instances[0]?.attributes).toMatchObject({
        id: "thing-alpha",
        name: "alpha",
        size: 3,
      });
      const destroy = await terraform("destroy", "-auto-approve", "-input=false", "-no-color");
      expect(destroy.code, destroy.out).toBe(0);
      expect(destroy.out).toContain("Destroy complete! Resources: 1 destroyed.");
      expect(readdirSync(dir)).not.toContain("crash.log");
    });
  },
);
