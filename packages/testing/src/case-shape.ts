import type { TestCase, TestStep } from "./test-case.js";

/** Every field of a TestStep; `satisfies` makes the compiler flag a field added to one and not the other. */
const STEP_FIELDS = {
  name: true,
  config: true,
  structuredConfig: true,
  configFile: true,
  configDirectory: true,
  preConfig: true,
  taint: true,
  expectPlan: true,
  planChecks: true,
  postApplyPlanChecks: true,
  stateChecks: true,
  expectError: true,
  expectNonEmptyPlan: true,
  planOnly: true,
  refreshState: true,
  importState: true,
  resourceName: true,
  importStateKind: true,
  importStateId: true,
  importStateIdFunc: true,
  importStateVerify: true,
  importStateVerifyIgnore: true,
} as const satisfies Record<keyof TestStep, true>;

const CASE_FIELDS = {
  providers: true,
  steps: true,
  checkDestroy: true,
  initialState: true,
} as const satisfies Record<keyof TestCase, true>;

/** Levenshtein distance, for "did you mean" on misspelt field names. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return row[b.length] as number;
}

function unknownField(field: string, known: readonly string[]): string {
  const lower = field.toLowerCase();
  const best = known
    .map((k) => ({ k, d: k.toLowerCase() === lower ? 0 : distance(lower, k.toLowerCase()) }))
    .sort((x, y) => x.d - y.d)[0];
  const hint =
    best && best.d <= Math.max(2, Math.floor(field.length / 4)) ? ` (did you mean "${best.k}"?)` : "";
  return `unknown field "${field}"${hint}`;
}

function stepLabel(step: TestStep, index: number): string {
  return `step ${index + 1}${typeof step.name === "string" ? ` (${JSON.stringify(step.name)})` : ""}`;
}

/**
 * The problems of a test case's shape that no runner can act on: fields the runners do not know
 * (a misspelt `preconfig` would otherwise be silently ignored) and fields that contradict each
 * other. Both runners throw a `TypeError` listing them before running anything.
 *
 * @internal
 */
export function caseShapeProblems(testCase: TestCase): string[] {
  const problems: string[] = [];
  if (typeof testCase !== "object" || testCase === null) return ["the test case is not an object"];
  for (const field of Object.keys(testCase)) {
    if (!Object.hasOwn(CASE_FIELDS, field))
      problems.push(`the test case: ${unknownField(field, Object.keys(CASE_FIELDS))}`);
  }
  if (!Array.isArray(testCase.steps)) return [...problems, "the test case: steps must be an array"];
  testCase.steps.forEach((step: TestStep, index: number) => {
    const at = stepLabel(step, index);
    if (typeof step !== "object" || step === null) {
      problems.push(`${at}: not an object`);
      return;
    }
    for (const field of Object.keys(step)) {
      if (!Object.hasOwn(STEP_FIELDS, field))
        problems.push(`${at}: ${unknownField(field, Object.keys(STEP_FIELDS))}`);
    }
    const sources = (["config", "configFile", "configDirectory"] as const).filter(
      (f) => step[f] !== undefined,
    );
    if (sources.length > 1) problems.push(`${at}: set only one of ${sources.join(", ")}`);
    if (step.importStateId !== undefined && step.importStateIdFunc !== undefined)
      problems.push(`${at}: set importStateId or importStateIdFunc, not both`);
    if (step.importStateIdFunc !== undefined && typeof step.importStateIdFunc !== "function")
      problems.push(`${at}: importStateIdFunc must be a function`);
    if (step.preConfig !== undefined && typeof step.preConfig !== "function")
      problems.push(`${at}: preConfig must be a function`);
    if (
      step.taint !== undefined &&
      !(Array.isArray(step.taint) && step.taint.every((a: unknown) => typeof a === "string"))
    )
      problems.push(`${at}: taint must be an array of resource addresses`);
    if (step.taint !== undefined && step.importState)
      problems.push(`${at}: taint has no effect on an importState step (it imports into a fresh state)`);
  });
  return problems;
}

/**
 * Throws a `TypeError` naming every shape problem of the case (see {@link caseShapeProblems}).
 *
 * @internal
 */
export function assertCaseShape(testCase: TestCase, runner: "runAcceptance" | "runFakeCore"): void {
  const problems = caseShapeProblems(testCase);
  if (problems.length === 0) return;
  throw new TypeError(
    `${runner}: the test case is not valid:\n${problems.map((p) => `  - ${p}`).join("\n")}\n` +
      `(a TestStep has: ${Object.keys(STEP_FIELDS).join(", ")})`,
  );
}
