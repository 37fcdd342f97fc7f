/**
 * upstream's acceptance tests (internal/provider/*_test.go of terraform-provider-local),
 * translated into @tfkit/testing cases. Each case is built per run (fresh temporary files) and
 * is one configuration, the HCL upstream wrote, for both runners: the fake core evaluates it
 * (functions, references, a data source read during apply, ephemeral blocks) as terraform does.
 * (Cases used to hold a `structuredConfig` twin for the fake core; it ran HCL too little then.)
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  fromEntry,
  knownvalue,
  plancheck,
  type KnownValueMatcher,
  type StateCheck,
  statecheck,
  type TestCase,
  type TestStep,
} from "@tfkit/testing";
import { echoProvider } from "@tfkit/testing/echo-provider";

/** The checksums upstream's checks expect, computed here independently of the provider's code. */
function sumsOf(data: Buffer) {
  const hash = (algorithm: string, encoding: "hex" | "base64") =>
    createHash(algorithm).update(data).digest(encoding);
  return {
    md5Hex: hash("md5", "hex"),
    sha1Hex: hash("sha1", "hex"),
    sha256Hex: hash("sha256", "hex"),
    sha256Base64: hash("sha256", "base64"),
    sha512Hex: hash("sha512", "hex"),
    sha512Base64: hash("sha512", "base64"),
  };
}

/** The port's executable, bundled from source once per test file by `runAcceptance`. */
export const local = fromEntry(new URL("../src/main.ts", import.meta.url).pathname, {
  conditions: ["@tfkit/source"],
});

/** A fresh temporary directory (upstream's `t.TempDir()`). */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "tfkit-local-"));
}

/** A step: upstream's HCL as `config`, for both runners. */
export type LocalStep = Omit<TestStep, "structuredConfig">;

/** One translated case: where it comes from and how to build it. */
export interface LocalCase {
  /** The upstream test function (or `port:` for a case upstream does not have). */
  readonly name: string;
  /** Builds the case's steps with fresh temporary paths. */
  readonly steps: () => {
    steps: readonly LocalStep[];
    checkDestroy?: TestCase["checkDestroy"];
    initialState?: TestCase["initialState"];
  };
  /** Whether the case also needs the echo provider (`@tfkit/testing/echo-provider`). */
  readonly echo?: boolean;
}

/** Builds a case (fresh temporary files): the same test case for both runners. */
export function build(c: LocalCase): TestCase {
  const { steps, checkDestroy, initialState } = c.steps();
  return {
    providers: c.echo === true ? { local, echo: echoProvider } : { local },
    steps,
    ...(checkDestroy === undefined ? {} : { checkDestroy }),
    ...(initialState === undefined ? {} : { initialState }),
  };
}

/** An HCL string literal. */
export const q = (s: string) => JSON.stringify(s);

/** `resource "<type>" "file" { <attr> = <value>, filename = ... }` (values quoted unless `hclValues` has an expression). */
function fileConfig(
  type: string,
  attrs: Readonly<Record<string, string>>,
  hclValues: Readonly<Record<string, string>> = {},
) {
  const lines = Object.entries(attrs).map(([k, v]) => `  ${k} = ${hclValues[k] ?? q(v)}`);
  return {
    config: `resource "${type}" "file" {\n${lines.join("\n")}\n}\n`,
  };
}

/**
 * The check upstream's `checkFileCreation` meant to make: the file exists and the state's
 * checksums (and, for a plain resource, content) are those of its bytes. (Upstream builds the
 * `TestCheckResourceAttr` checks for "local_file_resource.test" and never runs them.)
 */
export function fileMatchesState(address: string, path: string, checkContent: boolean): StateCheck[] {
  const checks: StateCheck[] = [
    {
      description: `file ${path} exists`,
      checkState: () => (existsSync(path) ? undefined : `file ${path} was not created`),
    },
  ];
  const lazy = (attr: string, value: () => string): StateCheck => ({
    description: `${address}.${attr} matches ${path}`,
    checkState: (state, ctx) => {
      let expected: string;
      try {
        expected = value();
      } catch (error) {
        return `reading ${path}: ${(error as Error).message}`;
      }
      return statecheck
        .expectKnownValue(address, attr, knownvalue.stringExact(expected))
        .checkState(state, ctx);
    },
  });
  const sums = () => sumsOf(readFileSync(path));
  if (checkContent) checks.push(lazy("content", () => readFileSync(path, "utf8")));
  checks.push(
    lazy("content_md5", () => sums().md5Hex),
    lazy("content_sha1", () => sums().sha1Hex),
    lazy("content_sha256", () => sums().sha256Hex),
    lazy("content_base64sha256", () => sums().sha256Base64),
    lazy("content_sha512", () => sums().sha512Hex),
    lazy("content_base64sha512", () => sums().sha512Base64),
    lazy("id", () => sums().sha1Hex),
  );
  return checks;
}

/** upstream's `checkFileDeleted`. */
const fileDeleted = (path: string) => () => {
  if (existsSync(path)) throw new Error(`file ${path} was not deleted`);
};

/** upstream's `checkFilePermissions` and `checkDirectoryPermissions` (0600 and 0700). */
function permissionsAre(path: string): StateCheck {
  return {
    description: `${path} is 0600 in a 0700 directory`,
    checkState: () => {
      const file = statSync(path).mode & 0o777;
      const dir = statSync(dirname(path)).mode & 0o777;
      if (file !== 0o600) return `file permission: expected 600, got ${file.toString(8)}`;
      if (dir !== 0o700) return `directory permission: expected 700, got ${dir.toString(8)}`;
      return undefined;
    },
  };
}

/** A matcher for a decoded value (an output of jsondecode, csvdecode, ...): lists, objects and exact values. */
export function decoded(expected: unknown): KnownValueMatcher {
  if (Array.isArray(expected)) return knownvalue.listExact(expected.map(decoded));
  if (typeof expected === "object" && expected !== null) {
    return knownvalue.objectExact(
      Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, decoded(v)])),
    );
  }
  if (typeof expected === "number") return knownvalue.numberExact(expected);
  if (typeof expected === "boolean") return knownvalue.bool(expected);
  return expected === null ? knownvalue.nullValue() : knownvalue.stringExact(String(expected));
}

const BASE64_CONTENT = "VGhpcyBpcyBzb21lIGJhc2U2NCBjb250ZW50"; // "This is some base64 content"

/** Upstream's Basic tests: the same file written from each kind of content, in turn. */
function basic(type: "local_file" | "local_sensitive_file"): LocalCase["steps"] {
  return () => {
    const f = join(tempDir(), type);
    const address = `${type}.file`;
    const plain = type === "local_file";
    const check = fileMatchesState(address, f, plain);
    const steps: LocalStep[] = [
      {
        ...fileConfig(type, {
          content: plain ? "This is some content" : "This is some sensitive content",
          filename: f,
        }),
        stateChecks: check,
      },
      ...(plain
        ? [
            {
              ...fileConfig(type, { sensitive_content: "This is some sensitive content", filename: f }),
              stateChecks: fileMatchesState(address, f, false),
            },
          ]
        : []),
      {
        ...fileConfig(type, { content_base64: BASE64_CONTENT, filename: f }),
        stateChecks: fileMatchesState(address, f, false),
      },
      {
        // upstream's configuration calls base64encode() (the first value is then unused).
        ...fileConfig(
          type,
          { content_base64: Buffer.from("This is some base64 content").toString("base64"), filename: f },
          { content_base64: `base64encode(${q("This is some base64 content")})` },
        ),
        stateChecks: fileMatchesState(address, f, false),
      },
    ];
    return { steps, checkDestroy: fileDeleted(f) };
  };
}

function source(type: "local_file" | "local_sensitive_file"): LocalCase["steps"] {
  return () => {
    const src = join(tempDir(), "source_file");
    writeFileSync(src, "local file content", { mode: 0o644 });
    const f = join(tempDir(), "new_file");
    return {
      steps: [
        {
          ...fileConfig(type, { source: src, filename: f }),
          stateChecks: fileMatchesState(`${type}.file`, f, false),
        },
      ],
      checkDestroy: fileDeleted(f),
    };
  };
}

function permissions(type: "local_file" | "local_sensitive_file"): LocalCase["steps"] {
  return () => {
    // A directory that does not exist yet, so directory_permission is really used (upstream's
    // t.TempDir() exists already, and its ErrorCheck then forgives the directory check).
    const f = join(tempDir(), "created", type);
    return {
      steps: [
        {
          ...fileConfig(type, { content: "This is some content", filename: f, file_permission: "9999" }),
          expectError: /bad mode permission/,
        },
        {
          ...fileConfig(type, {
            content: "This is some content",
            filename: f,
            file_permission: "0600",
            directory_permission: "0700",
          }),
          stateChecks: [permissionsAre(f)],
        },
      ],
      checkDestroy: fileDeleted(f),
    };
  };
}

function validators(type: "local_file" | "local_sensitive_file"): LocalCase["steps"] {
  return () => {
    const f = join(tempDir(), "local_file");
    const second =
      type === "local_file"
        ? { content: "content", sensitive_content: "sensitive_content", filename: f }
        : { content: "content", content_base64: BASE64_CONTENT, filename: f };
    return {
      steps: [
        // upstream matches the summary only; the detail is terraform-plugin-framework-validators'.
        {
          ...fileConfig(type, { filename: f }),
          expectError:
            /Invalid Attribute Combination[\s\S]*No\s+attribute\s+specified\s+when\s+one\s+\(and\s+only\s+one\)\s+of/,
        },
        {
          ...fileConfig(type, second),
          expectError:
            /Invalid Attribute Combination[\s\S]*2\s+attributes\s+specified\s+when\s+one\s+\(and\s+only\s+one\)\s+of/,
        },
      ],
    };
  };
}

function dataSource(type: "local_file" | "local_sensitive_file", content: string): LocalCase["steps"] {
  return () => {
    const f = join(tempDir(), "local_file");
    writeFileSync(f, content);
    const sums = sumsOf(Buffer.from(content));
    const a = `data.${type}.file`;
    const exact = (attr: string, v: string) =>
      statecheck.expectKnownValue(a, attr, knownvalue.stringExact(v));
    return {
      steps: [
        {
          config: `data "${type}" "file" {\n  filename = ${q(f)}\n}\n`,
          stateChecks: [
            exact("content", content),
            exact("content_base64", Buffer.from(content).toString("base64")),
            exact("content_md5", sums.md5Hex),
            exact("content_sha1", sums.sha1Hex),
            exact("content_sha256", sums.sha256Hex),
            exact("content_base64sha256", sums.sha256Base64),
            exact("content_sha512", sums.sha512Hex),
            exact("content_base64sha512", sums.sha512Base64),
            ...(type === "local_sensitive_file"
              ? [
                  statecheck.expectSensitiveValue(a, "content"),
                  statecheck.expectSensitiveValue(a, "content_base64"),
                ]
              : []),
          ],
        },
      ],
    };
  };
}

/**
 * upstream's *_Upgrade tests apply with hashicorp/local 2.2.3 from the registry (ExternalProviders),
 * then plan the same configuration with the new provider and expect no changes. Neither runner
 * can download a Go provider here, so each (2.2.3 apply, plan) pair starts from the state 2.2.3
 * writes (schema version 0: no checksum attributes) and the file it writes, then plans.
 */
function upgrade(
  type: "local_file" | "local_sensitive_file",
  attrs: (dir: string) => { config: Record<string, string>; hcl?: Record<string, string>; bytes: Buffer },
): LocalCase["steps"] {
  return () => {
    const dir = tempDir();
    const f = join(dir, "created", type);
    const { config, hcl, bytes } = attrs(dir);
    const permission = type === "local_file" ? "0777" : "0700";
    const v223Attributes: Record<string, unknown> = {
      filename: f,
      content: null,
      content_base64: null,
      source: null,
      file_permission: config.file_permission ?? permission,
      directory_permission: config.directory_permission ?? permission,
      ...(type === "local_file" ? { sensitive_content: null } : {}),
      ...config,
      id: createHash("sha1").update(bytes).digest("hex"),
    };
    return {
      initialState: { resources: { [`${type}.file`]: { schemaVersion: 0, attributes: v223Attributes } } },
      steps: [
        {
          // What 2.2.3's apply left on disk.
          preConfig: () => {
            mkdirSync(dirname(f), { recursive: true });
            writeFileSync(f, bytes);
          },
          ...fileConfig(type, { ...config, filename: f }, hcl),
          planOnly: true,
        },
      ],
      checkDestroy: fileDeleted(f),
    };
  };
}

const upgradeVariants = (type: "local_file" | "local_sensitive_file") => {
  const text = (attr: string, v: string) => () => ({ config: { [attr]: v }, bytes: Buffer.from(v) });
  const b64 = "This is some base64 content";
  return [
    ["content", text("content", "This is some content")],
    ...(type === "local_file"
      ? [["sensitive_content", text("sensitive_content", "This is some sensitive content")] as const]
      : []),
    ["content_base64", () => ({ config: { content_base64: BASE64_CONTENT }, bytes: Buffer.from(b64) })],
    [
      "base64encode()",
      () => ({
        config: { content_base64: Buffer.from(b64).toString("base64") },
        hcl: { content_base64: `base64encode(${q(b64)})` },
        bytes: Buffer.from(b64),
      }),
    ],
  ] as const;
};

function upgradeCases(type: "local_file" | "local_sensitive_file", prefix: string): LocalCase[] {
  return [
    ...upgradeVariants(type).map(([what, attrs]) => ({
      name: `${prefix}_Upgrade (from 2.2.3's state: ${what})`,
      steps: upgrade(type, attrs),
    })),
    {
      name: `${prefix}_Source_Upgrade (from 2.2.3's state)`,
      steps: upgrade(type, (dir) => {
        const src = join(dir, "source_file");
        writeFileSync(src, "sourceContent");
        return { config: { source: src }, bytes: Buffer.from("sourceContent") };
      }),
    },
    {
      name: `${prefix}_Permissions_Upgrade (from 2.2.3's state)`,
      steps: upgrade(type, () => ({
        config: { content: "This is some content", file_permission: "0600", directory_permission: "0700" },
        bytes: Buffer.from("This is some content"),
      })),
    },
  ];
}

function direxistsCase(
  setup: (dir: string) => string,
  expectation: Omit<LocalStep, "config">,
): LocalCase["steps"] {
  return () => {
    const dir = tempDir();
    const target = setup(dir);
    return {
      steps: [
        {
          config: `output "test" {\n  value = provider::local::direxists(${q(target)})\n}\n`,
          ...expectation,
        },
      ],
    };
  };
}

/** Every case, in upstream's file order; `port:` cases test what upstream leaves untested. */
export const cases: readonly LocalCase[] = [
  { name: "TestLocalFile_Basic", steps: basic("local_file") },
  { name: "TestLocalFile_Source", steps: source("local_file") },
  { name: "TestLocalFile_Permissions", steps: permissions("local_file") },
  { name: "TestLocalFile_Validators", steps: validators("local_file") },
  { name: "TestLocalSensitiveFile_Basic", steps: basic("local_sensitive_file") },
  { name: "TestLocalSensitiveFile_source", steps: source("local_sensitive_file") },
  { name: "TestLocalSensitiveFile_Permissions", steps: permissions("local_sensitive_file") },
  { name: "TestLocalSensitiveFile_Validators", steps: validators("local_sensitive_file") },
  ...upgradeCases("local_file", "TestLocalFile"),
  ...upgradeCases("local_sensitive_file", "TestLocalSensitiveFile"),
  { name: "TestLocalFileDataSource", steps: dataSource("local_file", "This is some content") },
  {
    name: "TestLocalFileSensitiveDataSource",
    steps: dataSource("local_sensitive_file", "This is some sensitive content"),
  },
  {
    name: "TestDirectoryExists_basic",
    steps: () => {
      const dir = tempDir();
      mkdirSync(join(dir, "test_dir"));
      const call = (p: string) => `provider::local::direxists(${q(join(dir, p))})`;
      return {
        steps: [
          {
            config: `output "test_dir_exists" {\n  value = ${call("test_dir")}\n}\n\noutput "test_dir_doesnt_exist" {\n  value = ${call("nothing_here")}\n}\n`,
            planOnly: true,
            expectNonEmptyPlan: true,
            planChecks: [
              plancheck.expectKnownOutputValue("test_dir_exists", knownvalue.bool(true)),
              plancheck.expectKnownOutputValue("test_dir_doesnt_exist", knownvalue.bool(false)),
            ],
          },
        ],
      };
    },
  },
  {
    name: "TestDirectoryExists_invalid_file",
    steps: direxistsCase(
      (dir) => {
        writeFileSync(join(dir, "not_a_dir.txt"), "This is a text file");
        return join(dir, "not_a_dir.txt");
      },
      { expectError: /not_a_dir\.txt"\s+was\s+found,\s+but\s+is\s+not\s+a\s+directory/ },
    ),
  },
  {
    name: "TestDirectoryExists_invalid_symlink",
    steps: direxistsCase(
      (dir) => {
        mkdirSync(join(dir, "test_dir"));
        writeFileSync(join(dir, "test_dir", "not_a_dir.txt"), "This is a text file");
        symlinkSync("./test_dir/not_a_dir.txt", join(dir, "not_a_dir_symlink"));
        return join(dir, "not_a_dir_symlink");
      },
      { expectError: /not_a_dir_symlink"\s+was\s+found,\s+but\s+is\s+not\s+a\s+directory/ },
    ),
  },
  {
    name: "port: a deleted file is written again",
    steps: () => {
      const f = join(tempDir(), "gone");
      const c = fileConfig("local_file", { content: "kept", filename: f });
      return {
        steps: [
          { ...c },
          {
            ...c,
            preConfig: () => rmSync(f),
            expectPlan: { "local_file.file": "create" },
            stateChecks: fileMatchesState("local_file.file", f, true),
          },
        ],
        checkDestroy: fileDeleted(f),
      };
    },
  },
  {
    name: "port: a file changed behind Terraform's back is replaced",
    steps: () => {
      const f = join(tempDir(), "changed");
      const c = fileConfig("local_sensitive_file", { content: "original", filename: f });
      return {
        steps: [
          { ...c },
          {
            ...c,
            preConfig: () => writeFileSync(f, "edited"),
            expectPlan: { "local_sensitive_file.file": "create" },
            stateChecks: [
              ...fileMatchesState("local_sensitive_file.file", f, false),
              {
                description: "content restored",
                checkState: () => (readFileSync(f, "utf8") === "original" ? undefined : "not restored"),
              },
            ],
          },
        ],
        checkDestroy: fileDeleted(f),
      };
    },
  },
];
