/**
 * upstream's data_source_local_command_test.go, translated. Upstream writes its test scripts with
 * a `local_file` resource the data source references (`local_file.test_script.filename`), so
 * both runners read the data source during apply, after the script is written.
 */
import { execFileSync } from "node:child_process";
import { basename, dirname, join } from "node:path";
import { type KnownValueMatcher, knownvalue, statecheck } from "@tfkit/testing";
import { decoded, type LocalCase, type LocalStep, q, tempDir } from "./cases.js";

const D = "data.local_command.test";
const exact = (attr: string, matcher: KnownValueMatcher) => statecheck.expectKnownValue(D, attr, matcher);
const exitCode = (n: number) => exact("exit_code", knownvalue.numberExact(n));
const noStderr = exact("stderr", knownvalue.nullValue());

const outputIs = (expected: unknown) => statecheck.expectKnownOutputValue("parse_stdout", decoded(expected));

/** `data "local_command" "test"` (attribute values as HCL expressions), after `extraHcl`. */
function command(hcl: Record<string, string>, extraHcl = "") {
  const body = Object.entries(hcl)
    .map(([k, v]) => `  ${k} = ${v}`)
    .join("\n");
  return { config: `${extraHcl}data "local_command" "test" {\n${body}\n}\n` };
}

const OUTPUT = (fn: string) => `\noutput "parse_stdout" {\n  value = ${fn}\n}\n`;

/** jq (or yq) over two objects: select obj1, then pick elements 0 and 2. */
function selectSteps(tool: "jq" | "yq"): LocalStep[] {
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
    const c = command({ command: q(tool), stdin: `${encode}(${hclOf(input)})`, arguments: `[${q(filter)}]` });
    return {
      config: c.config + OUTPUT(`${decode}(data.local_command.test.stdout)`),
      stateChecks: [exitCode(0), noStderr, outputIs(expected)],
    };
  });
}

/** A bash script the data source runs, written by upstream's `local_file` resource. */
function scripted(
  script: string,
  attrs: (scriptRef: string, dir: string) => Record<string, string>,
  rest: (dir: string) => Omit<LocalStep, "config">,
): LocalCase["steps"] {
  return () => {
    const dir = tempDir();
    const path = join(dir, "test_script.sh");
    const resource = `resource "local_file" "test_script" {\n  filename = ${q(path)}\n  content  = <<EOT\n${script}EOT\n}\n\n`;
    return {
      steps: [{ ...command(attrs("local_file.test_script.filename", dir), resource), ...rest(dir) }],
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
      const c = command({ command: q("jq"), stdin: q(stdin), arguments: '["-r", "@csv"]' });
      return {
        steps: [
          {
            config: c.config + OUTPUT("tolist(csvdecode(data.local_command.test.stdout))"),
            stateChecks: [
              exitCode(0),
              noStderr,
              exact(
                "stdout",
                knownvalue.stringExact('"str","num","bool"\n"hello",1.23,true\n"world!",2.34,false\n'),
              ),
              // csvdecode makes every value a string.
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
      // An invalid UTF-8 sequence becomes the replacement character.
      () => ({ stateChecks: [exitCode(0), noStderr, exact("stdout", knownvalue.stringExact("\ufffd"))] }),
    ),
  },
  {
    name: "TestLocalCommandDataSource_non_zero_exit_code_error",
    steps: scripted(
      EMOJI_EXIT_1,
      bash((r) => `[${r}]`),
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
      () => ({ expectError: /chdir \/definitely\/not\/a\/real\/directory/ }),
    ),
  },
  {
    name: "TestLocalCommandDataSource_not_found",
    steps: () => ({
      steps: [
        {
          ...command({ command: q("notarealcommand") }),
          expectError: /Error: exec: "notarealcommand": executable file not found/,
        },
        {
          // Not skippable: the executable never starts.
          ...command({ command: q("notarealcommand"), allow_non_zero_exit_code: "true" }),
          expectError: /Error: exec: "notarealcommand": executable file not found/,
        },
      ],
    }),
  },
];
