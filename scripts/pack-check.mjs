#!/usr/bin/env node
/**
 * Pack-and-import check for every published @tfkit package (`npm run check:pack`).
 *
 * For each package: build it, `npm pack` it, install the tarball ALONE into an empty temporary
 * directory (its @tfkit dependencies from the sibling tarballs, since they are not on npm yet;
 * third-party dependencies from the npm cache or registry), then load it the way users do:
 * `node --input-type=module -e "import(...)"` and `node -e "require(...)"`, calling one real
 * function and asserting its result. Prints each package's packed and unpacked size.
 *
 *   node scripts/pack-check.mjs [--no-build] [--keep] [package-dir-name...]
 *
 * --no-build  reuse the existing dist/ folders;  --keep  leave the temporary directory in place.
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const build = !args.includes("--no-build");
const keep = args.includes("--keep");
const only = args.filter((a) => !a.startsWith("--"));

/**
 * One real call per package, as the body of an async function with `load(name)` (import() in the
 * ESM run, require() in the CJS run) and `assert` (node:assert/strict) in scope. Expected values
 * are protocol or Terraform facts, not outputs copied from the code under test.
 */
const SMOKE = {
  "@tfkit/cty-values": `
    const cty = await load("@tfkit/cty-values");
    // msgpack fixstr: 0xa0 | length, then the UTF-8 bytes.
    assert.equal(Buffer.from(cty.toMsgpack(cty.stringVal("hi"), cty.stringType)).toString("hex"), "a26869");
    assert.equal(cty.numberVal("0.1").asNumber().add(cty.numberVal("0.2").asNumber()).text(), "0.3");`,
  "@tfkit/schema": `
    const cty = await load("@tfkit/cty-values");
    const { attr, impliedType, resourceSchema } = await load("@tfkit/schema");
    const s = resourceSchema({ version: 0, attributes: { id: attr.string({ computed: true }), name: attr.string({ required: true }) } });
    assert.equal(cty.typeToJson(impliedType(s)), '["object",{"id":"string","name":"string"}]');`,
  "@tfkit/plan-engine": `
    const cty = await load("@tfkit/cty-values");
    const { attr, resourceSchema } = await load("@tfkit/schema");
    const { proposedNew } = await load("@tfkit/plan-engine");
    const s = resourceSchema({ version: 0, attributes: { id: attr.string({ computed: true }), name: attr.string({ required: true }) } });
    const prior = cty.objectVal({ id: cty.stringVal("a"), name: cty.stringVal("x") });
    const config = cty.objectVal({ id: cty.nullVal(cty.stringType), name: cty.stringVal("y") });
    // Core's ProposedNew: a computed attribute null in config keeps the prior value.
    const t = cty.objectType({ id: cty.stringType, name: cty.stringType });
    assert.equal(cty.toJson(proposedNew(s, prior, config), t), '{"id":"a","name":"y"}');`,
  "@tfkit/contracts": `
    const cty = await load("@tfkit/cty-values");
    const { checkWhollyKnown, formatViolation } = await load("@tfkit/contracts");
    const v = checkWhollyKnown(cty.objectVal({ id: cty.unknownVal(cty.stringType), name: cty.stringVal("y") }), "apply");
    assert.equal(v.length, 1);
    assert.match(formatViolation(v[0]), /^\\.id: /);`,
  "@tfkit/upgrade": `
    const cty = await load("@tfkit/cty-values");
    const { fromFlatmap } = await load("@tfkit/upgrade");
    const t = cty.objectType({ id: cty.stringType, ports: cty.listType(cty.numberType) });
    assert.equal(cty.toJson(fromFlatmap({ id: "x", "ports.#": "1", "ports.0": "80" }, t), t), '{"id":"x","ports":[80]}');`,
  "@tfkit/grpc-transport": `
    const { formatHandshakeLine } = await load("@tfkit/grpc-transport");
    // go-plugin: CORE|APP|NETWORK|ADDRESS|PROTOCOL|CERT
    assert.equal(formatHandshakeLine({ network: "unix", address: "/tmp/plugin1" }, 6, ""), "1|6|unix|/tmp/plugin1|grpc|");`,
  "@tfkit/cli": `
    const { releaseNames } = await load("@tfkit/cli");
    assert.equal(releaseNames("demo", "1.2.3").zip("linux_amd64"), "terraform-provider-demo_1.2.3_linux_amd64.zip");`,
};

/** Packages that are ESM only by design (no CJS run). */
const ESM_ONLY = new Set(["@tfkit/cli"]);

function sh(cmd, cmdArgs, cwd) {
  const r = spawnSync(cmd, cmdArgs, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return {
    ok: r.status === 0,
    out: `${r.stdout ?? ""}${r.stderr ?? ""}`.replace(/^npm warn Unknown user config.*\n/gm, ""),
    stdout: r.stdout ?? "",
  };
}

const packages = readdirSync(join(root, "packages"))
  .filter((d) => existsSync(join(root, "packages", d, "package.json")))
  .map((d) => ({
    dir: join(root, "packages", d),
    dirName: d,
    json: JSON.parse(readFileSync(join(root, "packages", d, "package.json"), "utf8")),
  }))
  .filter((p) => !p.json.private && (only.length === 0 || only.includes(p.dirName)));
const byName = new Map(packages.map((p) => [p.json.name, p]));

/** The package's @tfkit dependencies, transitively (runtime and peer). */
function tfkitDeps(name, seen = new Set()) {
  const p =
    byName.get(name) ??
    (() => {
      const d = readdirSync(join(root, "packages")).find((x) => {
        const f = join(root, "packages", x, "package.json");
        return existsSync(f) && JSON.parse(readFileSync(f, "utf8")).name === name;
      });
      if (!d) throw new Error(`${name} is not a workspace package`);
      const q = {
        dir: join(root, "packages", d),
        dirName: d,
        json: JSON.parse(readFileSync(join(root, "packages", d, "package.json"), "utf8")),
      };
      byName.set(name, q);
      return q;
    })();
  for (const dep of Object.keys({ ...p.json.dependencies, ...p.json.peerDependencies })) {
    if (dep.startsWith("@tfkit/") && !seen.has(dep)) {
      seen.add(dep);
      tfkitDeps(dep, seen);
    }
  }
  return seen;
}

const work = mkdtempSync(join(tmpdir(), "tfkit-pack-check-"));
const tarballDir = join(work, "tarballs");
mkdirSync(tarballDir);
const tarballs = new Map();
const rows = [];
let failed = false;

function fail(name, step, detail) {
  failed = true;
  console.error(`\n✗ ${name}: ${step}\n${detail.trim().split("\n").slice(-40).join("\n")}\n`);
}

/** Every path in an exports/bin/main/types value, except the source-only condition. */
function entryTargets(value, out = []) {
  if (typeof value === "string") out.push(value);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) if (k !== "@tfkit/source") entryTargets(v, out);
  }
  return out;
}

/** Builds (optionally) and packs one workspace package; records its tarball. */
function pack(p) {
  if (tarballs.has(p.json.name)) return tarballs.get(p.json.name);
  if (build) {
    const b = sh("npm", ["run", "build", "--silent"], p.dir);
    if (!b.ok) {
      fail(p.json.name, "build failed", b.out);
      tarballs.set(p.json.name, undefined);
      return undefined;
    }
  }
  const r = sh("npm", ["pack", "--json", "--pack-destination", tarballDir], p.dir);
  if (!r.ok) {
    fail(p.json.name, "npm pack failed", r.out);
    tarballs.set(p.json.name, undefined);
    return undefined;
  }
  const info = JSON.parse(r.stdout.slice(r.stdout.indexOf("[")))[0];
  // Every entry point must be inside the tarball (a concurrent build's clean can empty dist/).
  const packed = new Set(info.files.map((f) => f.path));
  const entryPoints = new Set(entryTargets([p.json.exports, p.json.main, p.json.types, p.json.bin]));
  const absent = [...entryPoints].map((t) => t.replace(/^\.\//, "")).filter((t) => !packed.has(t));
  if (absent.length > 0) {
    fail(p.json.name, "the tarball lacks entry points", absent.join(", "));
    tarballs.set(p.json.name, undefined);
    return undefined;
  }
  const result = {
    file: join(tarballDir, info.filename),
    size: info.size,
    unpackedSize: info.unpackedSize,
    entries: info.entryCount,
  };
  tarballs.set(p.json.name, result);
  return result;
}

for (const p of packages) {
  const name = p.json.name;
  process.stdout.write(`• ${name}: `);
  const own = pack(p);
  if (!own) continue;
  const deps = [...tfkitDeps(name)].map((d) => ({ d, t: pack(byName.get(d)) }));
  const missing = deps.filter((x) => !x.t).map((x) => x.d);
  const row = {
    name,
    packedKb: own.size / 1024,
    unpackedKb: own.unpackedSize / 1024,
    files: own.entries,
    esm: "–",
    cjs: "–",
  };
  rows.push(row);
  if (missing.length > 0) {
    fail(name, "dependency tarballs missing", missing.join(", "));
    continue;
  }
  // An empty directory outside the workspace: nothing can leak in from the monorepo's node_modules.
  const app = join(work, `install-${p.dirName}`);
  mkdirSync(app);
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({ name: "pack-check-app", version: "0.0.0", private: true }),
  );
  const inst = sh(
    "npm",
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      own.file,
      ...deps.map((x) => x.t.file),
    ],
    app,
  );
  if (!inst.ok) {
    fail(name, "npm install of the tarball failed", inst.out);
    continue;
  }
  const body = SMOKE[name];
  if (!body) console.warn(`(no real call defined for ${name} in scripts/pack-check.mjs: only loading it) `);
  const call = body ?? `const m = await load(${JSON.stringify(name)}); assert.ok(Object.keys(m).length > 0);`;
  const esm = [
    `import assert from "node:assert/strict";`,
    `assert.match(import.meta.resolve(${JSON.stringify(name)}), /\\.m?js$/);`,
    `const load = (n) => import(n);`,
    call,
    `console.log("ok");`,
  ].join("\n");
  const r1 = sh(process.execPath, ["--input-type=module", "-e", esm], app);
  row.esm = r1.ok && r1.stdout.includes("ok") ? "ok" : "FAIL";
  if (row.esm !== "ok") fail(name, "ESM import check failed", r1.out);
  if (ESM_ONLY.has(name)) {
    row.cjs = "n/a (ESM only)";
  } else {
    const cjs = [
      `const assert = require("node:assert/strict");`,
      `assert.match(require.resolve(${JSON.stringify(name)}), /\\.cjs$/);`,
      `const load = async (n) => require(n);`,
      `(async () => {`,
      call,
      `})().then(() => console.log("ok"), (e) => { console.error(e); process.exit(1); });`,
    ].join("\n");
    const r2 = sh(process.execPath, ["-e", cjs], app);
    row.cjs = r2.ok && r2.stdout.includes("ok") ? "ok" : "FAIL";
    if (row.cjs !== "ok") fail(name, "CJS require check failed", r2.out);
  }
  const bins = Object.keys(
    typeof p.json.bin === "string" ? { [name.split("/").pop()]: p.json.bin } : (p.json.bin ?? {}),
  );
  for (const bin of bins) {
    const r3 = sh(join(app, "node_modules", ".bin", bin), ["--help"], app);
    if (!r3.ok) fail(name, `bin ${bin} --help failed`, r3.out);
    else row.esm += ` (+bin ${bin})`;
  }
  console.log(`esm ${row.esm}, cjs ${row.cjs}`);
}

console.log("\npackage                  packed kB   unpacked kB   files   ESM        CJS");
for (const r of rows) {
  console.log(
    `${r.name.padEnd(24)} ${r.packedKb.toFixed(1).padStart(9)}   ${r.unpackedKb.toFixed(1).padStart(11)}   ${String(r.files).padStart(5)}   ${r.esm.padEnd(10)} ${r.cjs}`,
  );
}
if (keep) console.log(`\nkept ${work}`);
else rmSync(work, { recursive: true, force: true });
if (failed) {
  console.error("\npack-check FAILED");
  process.exit(1);
}
console.log("\npack-check passed");
