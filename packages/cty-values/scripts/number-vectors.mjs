// Regenerates test/vectors/number.json: go-cty's own answers for CtyNumber tests.
//
// Every expected value comes from the real go-cty inside the `terraform` CLI (`terraform console`):
//   tonumber(s)            → cty.ParseNumberVal (512 bits)
//   pow(x, 1)              → cty.NumberFloatVal(float64), i.e. precision 53
//   parseint(s, 10)        → big.Int → big.Float.SetInt (precision max(64, bits))
//   tostring(n)            → Text('f', -1), the canonical text
//   a + b, a * b, a == b … → cty Add / Multiply / Equals
//   toset([{n = …}, …])    → set order, which sorts objects by the numbers' String() hash strings
//
// Usage: node packages/cty-values/scripts/number-vectors.mjs   (needs `terraform` on PATH)
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const out = new URL("../test/vectors/number.json", import.meta.url);
const workdir = mkdtempSync(join(tmpdir(), "tfkit-number-vectors-"));

// Deterministic PRNG (mulberry32) so the vectors are reproducible.
let seed = 0x7f4a7c15;
function rand() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = (xs) => xs[int(0, xs.length - 1)];
const digits = (n) => {
  let s = String(int(1, 9));
  for (let i = 1; i < n; i++) s += String(int(0, 9));
  return s;
};

function randomDecimal() {
  const kind = int(0, 9);
  const sign = rand() < 0.3 ? "-" : "";
  if (kind === 0) return sign + digits(int(1, 19));
  if (kind === 1) return `${sign}${digits(int(1, 3))}.${digits(int(1, 3))}`;
  if (kind === 2) return `${sign}0.${"0".repeat(int(0, 8))}${digits(int(1, 20))}`;
  if (kind === 3) return `${sign}${digits(int(1, 40))}e${int(-60, 60)}`;
  if (kind === 4) return `${sign}${digits(1)}.${digits(int(1, 25))}e${int(-330, 330)}`;
  if (kind === 5) return `${sign}${digits(int(1, 160))}`;
  if (kind === 6) return `${sign}${digits(int(1, 17))}e${int(-25, 25)}`;
  if (kind === 7) return `${sign}${digits(int(1, 3))}p${int(-80, 80)}`;
  if (kind === 8) return `${sign}0.${digits(int(150, 170))}`;
  return `${sign}${digits(1)}e${int(-400, 400)}`;
}

function console_(exprs) {
  const program = `jsonencode([${exprs.join(", ")}])\n`;
  const text = execFileSync("terraform", ["console"], {
    cwd: workdir,
    input: program,
    env: { ...process.env, TF_CLI_CONFIG_FILE: "/dev/null", TF_IN_AUTOMATION: "1" },
    maxBuffer: 1 << 28,
  }).toString();
  const line = text.trim().split("\n").pop();
  return JSON.parse(JSON.parse(line));
}

function batched(items, toExpr, size = 150) {
  const results = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...console_(items.slice(i, i + size).map(toExpr)));
  }
  return results;
}

const q = (s) => JSON.stringify(s);
const operand = ([kind, s]) =>
  kind === "P" ? `tonumber(${q(s)})` : kind === "F" ? `pow(tonumber(${q(s)}), 1)` : `parseint(${q(s)}, 10)`;

// 1) parse → canonical text, plus syntax edge cases.
const syntax = [
  "1e3",
  ".5",
  "5.",
  "+5",
  "00012",
  "1p3",
  "1P-3",
  "1.5p1",
  "Inf",
  "-inf",
  "+Inf",
  "inf",
  "+inf",
  "NaN",
  "infinity",
  "0x10",
  "1_000",
  " 1",
  "1 ",
  "",
  ".",
  "1e",
  "1e+",
  "-.5e-3",
  "1.2.3",
  "1e5p3",
  "0.30000000000000004",
  "1.10",
  "1e20",
  "1e-7",
  "-0.0",
  "1e-400",
  "9007199254740993",
  "1e0000000000000000003",
  "0e99999999999999999",
  "1e99999999999999999999",
  "INF",
  "+-1",
  "1E3",
  "4.9406564584124654e-324",
  "2.2250738585072011e-308",
  "1.7976931348623157e308",
  "0.1e-9223372036854775808",
  "1e-1000000000",
  "1e1000000000",
  "1e2147483647",
];
// Extreme exponents: Go would print hundreds of megabytes for some, so only classify them
// ([x > 0, x < +Inf, x > 1e-300]) or see them rejected.
const extreme = [
  "1p2147483646",
  "1p2147483647",
  "1p2147483646",
  "1p-2147483648",
  "1p-2147483649",
  "0.5p-2147483648",
  "1e646456992",
  "1e646456993",
  "1e-646456993",
  "1e-646457032",
  "-1e700000000",
  "1e-700000000",
  "3p2147483646",
  "1.5p2147483647",
  "0.75p2147483648",
  "1e9223372036854775807",
  "-1e-9223372036854775808",
];
const extremeResult = batched(
  extreme,
  (s) =>
    `try(jsonencode([tonumber(${q(s)}) > 0, tonumber(${q(s)}) < tonumber("Inf"), tonumber(${q(s)}) > 1e-300]), "ERR")`,
);
const parseInputs = [...syntax];
for (let i = 0; i < 900; i++) parseInputs.push(randomDecimal());
// Around the parsed-digits shortcut's limits: 148–155 significant digits, |exponent| up to 350.
const longDecimals = [];
for (let i = 0; i < 150; i++) {
  longDecimals.push(`${rand() < 0.3 ? "-" : ""}${digits(int(148, 155))}e${int(-350, 350)}`);
}
parseInputs.push(...longDecimals);
const parseText = batched(parseInputs, (s) => `try(tostring(tonumber(${q(s)})), "ERR")`);

// 2) float64 (precision 53) text of the double nearest each parsed value.
const floatInputs = parseInputs.filter((s, i) => parseText[i] !== "ERR" && !/Inf|e[+-]?[0-9]{4,}|p/.test(s));
const floatText = batched(floatInputs, (s) => `try(tostring(pow(tonumber(${q(s)}), 1)), "ERR")`);

// 3) Arithmetic and equality over mixed origins (P = parsed, F = float64, I = integer).
const smallDecimal = () =>
  pick([
    () => `${digits(int(1, 3))}.${digits(int(1, 4))}`,
    () => `0.${digits(int(1, 3))}`,
    () => digits(int(1, 25)),
    () => `${digits(int(1, 10))}e${int(-20, 20)}`,
    () => pick(["0.1", "0.2", "0.3", "1", "3", "7", "10", "0.5", "-0", "1e-7"]),
  ])();
const randomOperand = () => {
  const kind = pick(["P", "F", "I"]);
  if (kind === "I") return ["I", (rand() < 0.3 ? "-" : "") + digits(int(1, rand() < 0.2 ? 30 : 18))];
  const s = smallDecimal();
  return [kind, (rand() < 0.3 && !s.startsWith("-") ? "-" : "") + s];
};
const ops = [];
for (let i = 0; i < 900; i++) ops.push([randomOperand(), pick(["+", "-", "*", "/", "=="]), randomOperand()]);
for (let i = 0; i < 150; i++) {
  ops.push([["P", pick(longDecimals)], pick(["+", "-", "*", "/", "=="]), ["P", pick(longDecimals)]]);
}
const opsResult = batched(ops, ([a, op, b]) =>
  op === "=="
    ? `tostring(${operand(a)} == ${operand(b)})`
    : `try(tostring(${operand(a)} ${op} ${operand(b)}), "ERR")`,
);

// 4) Set order of objects {a = n, z = index}: objects sort by hash string "<" + n.String() + ";" + index + ";>".
const sets = [];
for (let i = 0; i < 60; i++) {
  const members = [];
  const count = int(3, 8);
  for (let j = 0; j < count; j++) {
    members.push(
      pick([
        () => ["P", smallDecimal()],
        () => ["F", smallDecimal()],
        () => ["I", digits(int(1, 16))],
        () => ["P", `${digits(int(11, 14))}`],
        () => ["P", `${digits(1)}e${int(-12, 25)}`],
      ])(),
    );
  }
  sets.push(members);
}
const setOrder = batched(
  sets,
  (members) =>
    `[for o in tolist(toset([${members.map((m, k) => `{a = ${operand(m)}, z = ${k}}`).join(", ")}])) : o.z]`,
  40,
);

writeFileSync(
  out,
  `${JSON.stringify(
    {
      source: "terraform console (go-cty), generated by scripts/number-vectors.mjs",
      parse: parseInputs.map((input, i) => [input, parseText[i]]),
      extreme: extreme.map((input, i) => [input, extremeResult[i]]),
      float64: floatInputs.map((input, i) => [input, floatText[i]]),
      ops: ops.map(([a, op, b], i) => [a, op, b, opsResult[i]]),
      setOrder: sets.map((members, i) => [members, setOrder[i]]),
    },
    null,
    0,
  )}\n`,
);
console.log(`wrote ${out.pathname}`);
