/**
 * upstream's data_source_local_command_test.go, translated. Upstream writes its test scripts with
 * a `local_file` resource the data source references (`local_file.test_script.filename`); the
 * fake core runs no references, so its configurations name a script written before the step.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import {
  type ConfigBody,
  type KnownValueMatcher,
  knownvalue,
  type StateCheck,
  statecheck,
} from "@tfkit/testing";
import { type DualStep, decoded, type LocalCase, q, tempDir } from "./cases.js";

const D = "data.local_command.test";
const exact = (attr: string, matcher: KnownValueMatcher) => statecheck.expectKnownValue(D, attr, matcher);
const exitCode = (n: number) => exact("exit_code", knownvalue.numberExact(n));
const noStderr = exact("stderr", knownvalue.nullValue());

const outputIs = (expected: unknown) => statecheck.expectKnownOutputValue("parse_stdout", decoded(expected));

/** The command's stdout, parsed as JSON, equals `expected` (what the HCL's jsondecode output checks). */
const stdoutJson = (expected: unknown): StateCheck => ({
  description: `stdout parses to ${JSON.stringify(expected)}`,
  checkState: (state) => {
    const r = state.resources.find((x) => x.address === D);
    if (r === undefined) return `${D} is not in the state`;
    try {
      return isDeepStrictEqual(JSON.parse(String(r.values.stdout)), expected)
        ? undefined
        : `stdout is ${JSON.stringify(r.values.stdout)}`;
    } catch {
      return `stdout is not JSON: ${JSON.stringify(r.values.stdout)}`;
    }
  },
});

/** `data "local_command" "test"` in both spellings (HCL attribute values as HCL expressions). */
function command(structured: ConfigBody, hcl: Record<string, string>, extraHcl = "") {
  const body = Object.entries(hcl)
    .map(([k, v]) => `  ${k} = ${v}`)
    .join("\n");
  return {
    hcl: `${extraHcl}data "local_command" "test" {\n${body}\n}\n`,
    structured: { dataSources: { "local_command.test": structured } },
  };
}

const OUTPUT = (fn: string) => `\noutput "parse_stdout" {\n  value = ${fn}\n}\n`;

/** jq (or yq) over two objects: select obj1, then pick elements 0 and 2. */
function selectSteps(tool: "jq" | "yq"): DualStep[] {
  const encode = tool === "jq" ? "jsonencode" : "yamlencode";
  const decode = tool === "jq" ? "jsondecode" : "yamldecode";
  const first = [
    { arr: [1, 2, 3], bool: true, num: 1.23, str: "obj1" },
    { arr: [3, 4, 5], bool: false, num: 2.34, str: "obj2" },
  ];
  const second = [{ obj1_attr: "hello" }, { obj2_attr: "world!" }, { obj3_attr: 1.23 }];
  // The same data as an HCL expression: object keys unquoted, `=` for `:`.
  const hclOf = (v: unknown) => JSON.stringify(v).replace(/"(\w+)":/g, "$1 = ");
  const runs: [unknown[], string, unknown][] = [
    [first, '.[] | select(.str == "obj1")', first[0]],
    [second, "[.[0, 2]]", [second[0], second[2]]],
  ];
  return runs.map(([input, filter, expected]) => {
    // JSON is YAML too: the fake core's stdin serves both tools.
    const c = command(
      { command: tool, stdin: JSON.stringify(input), arguments: [filter] },
      { command: q(tool), stdin: `${encode}(${hclOf(input)})`, arguments: `[${q(filter)}]` },
    );
    return {
      ...c,
      hcl: c.hcl + OUTPUT(`${decode}(data.local_command.test.stdout)`),
      // kislyuk's yq (Debian's) answers JSON, mikefarah's YAML: only jq's answer is JSON for sure.
      stateChecks: [exitCode(0), noStderr, ...(tool === "jq" ? [stdoutJson(expected)] : [])],
      hclStateChecks: [outputIs(expected)],
    };
  });
}

/** A bash script the data source runs: upstream's local_file in HCL, written beforehand for the fake core. */
function scripted(
  script: string,
  attrs: (scriptRef: string, dir: string) => Record<string, string>,
  structured: (scriptPath: string, dir: string) => ConfigBody,
  rest: (dir: string) => Omit<DualStep, "hcl" | "structured">,
): LocalCase["steps"] {
  return () => {
    const dir = tempDir();
    const path = join(dir, "test_script.sh");
    const resource = `resource "local_file" "test_script" {\n  filename = ${q(path)}\n  content  = <<EOT\n${script}EOT\n}\n\n`;
    return {
      steps: [
        {
          ...command(structured(path, dir), attrs("local_file.test_script.filename", dir), resource),
          preConfig: () => writeFileSync(path, script),
          ...rest(dir),
        },
      ],
    };
  };
}

const bash = (args: (ref: string) => string) => (ref: string) => ({
  command: q("bash"),
  arguments: args(ref),
});

const ECHO_STDIN = '#!/bin/bash\nSTDIN=$(cat)\necho "stdin: $STDIN"\necho "args: $@"\n';
const EMOJI_EXIT_1 = '#!/bin/bash\necho -n "😏"\necho -n "😒" >&2\nexit 1\n';
const BASH = execFileSync("bash", ["-c", "command -v bash"], { encoding: "utf8" }).trim();
const PWD_SCRIPT = '#!/bin/bash\necho -n "current working directory: $PWD"\n';
const words = (s: string) => new RegExp(s.split(" ").join("\\s+"));

export const commandCases: readonly LocalCase[] = [
  { name: "TestLocalCommandDataSource_stdout_json", steps: () => ({ steps: selectSteps("jq") }) },
  {
    name: "TestLocalCommandDataSource_stdout_csv",
    steps: () => {
      const stdin = '["str","num","bool"]["hello", 1.23, true]["world!", 2.34, false]';
      const c = command(
        { command: "jq", stdin, arguments: ["-r", "@csv"] },
        { command: q("jq"), stdin: q(stdin), arguments: '["-r", "@csv"]' },
      );
      return {
        steps: [
          {
            ...c,
            hcl: c.hcl + OUTPUT("tolist(csvdecode(data.local_command.test.stdout))"),
            stateChecks: [
              exitCode(0),
              noStderr,
              exact(
                "stdout",
                knownvalue.stringExact('"str","num","bool"\n"hello",1.23,true\n"world!",2.34,false\n'),
              ),
            ],
            // csvdecode makes every value a string.
            hclStateChecks: [
              outputIs([
                { str: "hello", num: "1.23", bool: "true" },
                { str: "world!", num: "2.34", bool: "false" },
              ]),
            ],
          },
        ],
      };
    },
  },
  { name: "TestLocalCommandDataSource_stdout_yaml", steps: () => ({ steps: selectSteps("yq") }) },
  {
    name: "TestLocalCommandDataSource_stdout_no_format_null_args",
    steps: scripted(
      ECHO_STDIN,
      (ref) => ({
        ...bash((r) => `[${r}, "first-arg", null, "second-arg", null]`)(ref),
        stdin: q("stdin-string"),
      }),
      (path) => ({
        command: "bash",
        stdin: "stdin-string",
        arguments: [path, "first-arg", null, "second-arg", null],
      }),
      () => ({
        stateChecks: [
          exitCode(0),
          noStderr,
          exact("stdout", knownvalue.stringExact("stdin: stdin-string\nargs: first-arg second-arg\n")),
        ],
      }),
    ),
  },
  {
    name: "TestLocalCommandDataSource_stderr_zero_exit_code",
    steps: scripted(
      '#!/bin/bash\nSTDIN=$(cat)\necho "stdin: $STDIN" >&2\necho "args: $@"\n',
      (ref) => ({ ...bash((r) => `[${r}, "first-arg", "second-arg"]`)(ref), stdin: q("stdin-string") }),
      (path) => ({ command: "bash", stdin: "stdin-string", arguments: [path, "first-arg", "second-arg"] }),
      () => ({
        stateChecks: [
          exitCode(0),
          exact("stderr", knownvalue.stringExact("stdin: stdin-string\n")),
          exact("stdout", knownvalue.stringExact("args: first-arg second-arg\n")),
        ],
      }),
    ),
  },
  {
    name: "TestLocalCommandDataSource_stdout_invalid_string",
    steps: scripted(
      "#!/bin/bash\nprintf '\\xe2'\n",
      bash((r) => `[${r}]`),
      (path) => ({ command: "bash", arguments: [path] }),
      // An invalid UTF-8 sequence becomes the replacement character.
      () => ({ stateChecks: [exitCode(0), noStderr, exact("stdout", knownvalue.stringExact("\ufffd"))] }),
    ),
  },
  {
    name: "TestLocalCommandDataSource_non_zero_exit_code_error",
    steps: scripted(
      EMOJI_EXIT_1,
      bash((r) => `[${r}]`),
      (path) => ({ command: "bash", arguments: [path] }),
      () => ({
        expectError: words("The data source executed the command but received a non-zero exit code."),
      }),
    ),
  },
  {
    name: "TestLocalCommandDataSource_allow_non_zero_exit_code",
    steps: scripted(
      EMOJI_EXIT_1,
      (ref) => ({ ...bash((r) => `[${r}]`)(ref), allow_non_zero_exit_code: "true" }),
      (path) => ({ command: "bash", arguments: [path], allow_non_zero_exit_code: true }),
      () => ({
        stateChecks: [
          exitCode(1),
          exact("stderr", knownvalue.stringExact("😒")),
          exact("stdout", knownvalue.stringExact("😏")),
        ],
      }),
    ),
  },
  {
    name: "TestLocalCommandDataSource_absolute_path_with_working_directory",
    steps: scripted(
      PWD_SCRIPT,
      (ref, dir) => ({ command: q(BASH), working_directory: q(dir), arguments: `[${ref}]` }),
      (path, dir) => ({ command: BASH, working_directory: dir, arguments: [path] }),
      // upstream compares the last two directory names (WSL on Windows renames the rest).
      (dir) => ({
        stateChecks: [
          exitCode(0),
          noStderr,
          exact("stdout", knownvalue.stringRegexp(new RegExp(`${basename(dirname(dir))}/${basename(dir)}`))),
        ],
      }),
    ),
  },
  {
    name: "TestLocalCommandDataSource_invalid_working_directory",
    steps: scripted(
      PWD_SCRIPT,
      (ref) => ({
        command: q("bash"),
        working_directory: q("/definitely/not/a/real/directory"),
        arguments: `[${ref}]`,
      }),
      (path) => ({
        command: "bash",
        working_directory: "/definitely/not/a/real/directory",
        arguments: [path],
      }),
      () => ({ expectError: /chdir \/definitely\/not\/a\/real\/directory/ }),
    ),
  },
  {
    name: "TestLocalCommandDataSource_not_found",
    steps: () => ({
      steps: [
        {
          ...command({ command: "notarealcommand" }, { command: q("notarealcommand") }),
          expectError: /Error: exec: "notarealcommand": executable file not found/,
        },
        {
          // Not skippable: the executable never starts.
          ...command(
            { command: "notarealcommand", allow_non_zero_exit_code: true },
            { command: q("notarealcommand"), allow_non_zero_exit_code: "true" },
          ),
          expectError: /Error: exec: "notarealcommand": executable file not found/,
        },
      ],
    }),
  },
];
