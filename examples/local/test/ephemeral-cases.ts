/**
 * upstream's ephemeral_local_command_test.go, translated: the ephemeral resource's results reach
 * the state through the echo provider's `data` (`@tfkit/testing/echo-provider`), as upstream's
 * tests do with echoprovider. The same HCL runs under both runners.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { type KnownValueMatcher, knownvalue, statecheck } from "@tfkit/testing";
import { decoded, type LocalCase, q, tempDir } from "./cases.js";

/** upstream's createEphemeralTestScript: ephemeral resources open before the plan, so no local_file. */
function script(content: string): string {
  const path = join(tempDir(), "test_script.sh");
  writeFileSync(path, content, { mode: 0o755 });
  return path;
}

type Echoed = Readonly<Record<string, string>>;

/** One step: the ephemeral block, the echo provider's data, the resource, checks on `echo.<name>.data`. */
function step(
  body: Readonly<Record<string, string>>,
  data: Echoed,
  resource: string,
  checks: Readonly<Record<string, KnownValueMatcher>>,
  expectError?: RegExp,
) {
  const attrs = Object.entries(body)
    .map(([k, v]) => `  ${k} = ${v}`)
    .join("\n");
  const echoed = Object.entries(data)
    .map(([k, v]) => `    ${k} = ${v}`)
    .join("\n");
  return {
    config: `ephemeral "local_command" "test" {\n${attrs}\n}\n\nprovider "echo" {\n  data = {\n${echoed}\n  }\n}\n\nresource "echo" "${resource}" {}\n`,
    stateChecks: Object.entries(checks).map(([k, m]) =>
      statecheck.expectKnownValue(`echo.${resource}`, ["data", k], m),
    ),
    ...(expectError === undefined ? {} : { expectError }),
  };
}

const E = (attr: string) => `ephemeral.local_command.test.${attr}`;
const ALL = { exit_code: E("exit_code"), stderr: E("stderr"), stdout: E("stdout") };
const words = (s: string) => new RegExp(s.split(" ").join("\\s+"));

const ok = { exit_code: knownvalue.numberExact(0), stderr: knownvalue.nullValue() };

function select(tool: "jq" | "yq"): LocalCase["steps"] {
  const encode = tool === "jq" ? "jsonencode" : "yamlencode";
  const decode = tool === "jq" ? "jsondecode" : "yamldecode";
  const hclOf = (v: unknown) => JSON.stringify(v).replace(/"(\w+)":/g, "$1 = ");
  const first = [
    { arr: [1, 2, 3], bool: true, num: 1.23, str: "obj1" },
    { arr: [3, 4, 5], bool: false, num: 2.34, str: "obj2" },
  ];
  const second = [{ obj1_attr: "hello" }, { obj2_attr: "world!" }, { obj3_attr: 1.23 }];
  const data = { exit_code: E("exit_code"), stderr: E("stderr"), parse_stdout: `${decode}(${E("stdout")})` };
  return () => ({
    steps: [
      step(
        {
          command: q(tool),
          stdin: `${encode}(${hclOf(first)})`,
          arguments: `[${q('.[] | select(.str == "obj1")')}]`,
        },
        data,
        "test",
        { ...ok, parse_stdout: decoded(first[0]) },
      ),
      step(
        { command: q(tool), stdin: `${encode}(${hclOf(second)})`, arguments: `[${q("[.[0, 2]]")}]` },
        data,
        "test2",
        { ...ok, parse_stdout: decoded([second[0], second[2]]) },
      ),
    ],
  });
}

const EMOJI_EXIT_1 = '#!/bin/bash\necho -n "😏"\necho -n "😒" >&2\nexit 1\n';
const PWD_SCRIPT = '#!/bin/bash\necho -n "current working directory: $PWD"\n';

const cases: [string, LocalCase["steps"]][] = [
  ["stdout_json", select("jq")],
  [
    "stdout_csv",
    () => ({
      steps: [
        step(
          {
            command: q("jq"),
            stdin: q('["str","num","bool"]["hello", 1.23, true]["world!", 2.34, false]'),
            arguments: '["-r", "@csv"]',
          },
          {
            exit_code: E("exit_code"),
            stderr: E("stderr"),
            parse_stdout: `tolist(csvdecode(${E("stdout")}))`,
          },
          "test",
          {
            ...ok,
            parse_stdout: decoded([
              { str: "hello", num: "1.23", bool: "true" },
              { str: "world!", num: "2.34", bool: "false" },
            ]),
          },
        ),
      ],
    }),
  ],
  ["stdout_yaml", select("yq")],
  [
    "stdout_no_format_null_args",
    () => {
      const s = script('#!/bin/bash\nSTDIN=$(cat)\necho "stdin: $STDIN"\necho "args: $@"\n');
      return {
        steps: [
          step(
            {
              command: q("bash"),
              stdin: q("stdin-string"),
              arguments: `[${q(s)}, "first-arg", null, "second-arg", null]`,
            },
            ALL,
            "test",
            { ...ok, stdout: knownvalue.stringExact("stdin: stdin-string\nargs: first-arg second-arg\n") },
          ),
        ],
      };
    },
  ],
  [
    "stderr_zero_exit_code",
    () => {
      const s = script('#!/bin/bash\nSTDIN=$(cat)\necho "stdin: $STDIN" >&2\necho "args: $@"\n');
      return {
        steps: [
          step(
            {
              command: q("bash"),
              stdin: q("stdin-string"),
              arguments: `[${q(s)}, "first-arg", "second-arg"]`,
            },
            ALL,
            "test",
            {
              exit_code: knownvalue.numberExact(0),
              stderr: knownvalue.stringExact("stdin: stdin-string\n"),
              stdout: knownvalue.stringExact("args: first-arg second-arg\n"),
            },
          ),
        ],
      };
    },
  ],
  [
    "stdout_invalid_string",
    () => {
      const s = script("#!/bin/bash\nprintf '\\xe2'\n");
      return {
        steps: [
          step({ command: q("bash"), arguments: `[${q(s)}]` }, ALL, "test", {
            ...ok,
            stdout: knownvalue.stringExact("\ufffd"),
          }),
        ],
      };
    },
  ],
  [
    "non_zero_exit_code_error",
    () => {
      const s = script(EMOJI_EXIT_1);
      return {
        steps: [
          step(
            { command: q("bash"), arguments: `[${q(s)}]` },
            { stdout: E("stdout") },
            "test",
            {},
            words("The ephemeral resource executed the command but received a non-zero exit code."),
          ),
        ],
      };
    },
  ],
  [
    "allow_non_zero_exit_code",
    () => {
      const s = script(EMOJI_EXIT_1);
      return {
        steps: [
          step(
            { command: q("bash"), allow_non_zero_exit_code: "true", arguments: `[${q(s)}]` },
            ALL,
            "test",
            {
              exit_code: knownvalue.numberExact(1),
              stderr: knownvalue.stringExact("😒"),
              stdout: knownvalue.stringExact("😏"),
            },
          ),
        ],
      };
    },
  ],
  [
    "absolute_path_with_working_directory",
    () => {
      const s = script(PWD_SCRIPT);
      const dir = dirname(s);
      const bash = execFileSync("bash", ["-c", "command -v bash"], { encoding: "utf8" }).trim();
      return {
        steps: [
          step({ command: q(bash), working_directory: q(dir), arguments: `[${q(s)}]` }, ALL, "test", {
            ...ok,
            stdout: knownvalue.stringRegexp(new RegExp(`${basename(dirname(dir))}/${basename(dir)}`)),
          }),
        ],
      };
    },
  ],
  [
    "invalid_working_directory",
    () => {
      const s = script(PWD_SCRIPT);
      return {
        steps: [
          step(
            {
              command: q("bash"),
              working_directory: q("/definitely/not/a/real/directory"),
              arguments: `[${q(s)}]`,
            },
            { stdout: E("stdout") },
            "test",
            {},
            /chdir \/definitely\/not\/a\/real\/directory/,
          ),
        ],
      };
    },
  ],
  [
    "not_found",
    () => ({
      steps: [
        step(
          { command: q("notarealcommand") },
          { stdout: E("stdout") },
          "test",
          {},
          /Error: exec: "notarealcommand": executable file not found/,
        ),
        // Not skippable: the executable never starts.
        step(
          { command: q("notarealcommand"), allow_non_zero_exit_code: "true" },
          { stdout: E("stdout") },
          "test",
          {},
          /Error: exec: "notarealcommand": executable file not found/,
        ),
      ],
    }),
  ],
];

/** The eleven TestLocalCommandEphemeral_* cases. */
export const ephemeralCases: readonly LocalCase[] = cases.map(([name, steps]) => ({
  name: `TestLocalCommandEphemeral_${name}`,
  echo: true,
  steps,
}));
