/**
 * Runs each translated upstream case under both runners: the fake core (in-process, always) and
 * terraform 1.11.4 (`runAcceptance`, concurrently, skipped loudly without terraform).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isCtyNumber } from "@tfkit/cty-values";
import {
  fromEntry,
  type KnownValueMatcher,
  knownvalue,
  type PlanCheck,
  plancheck,
  type FixtureState,
  type StateCheck,
  statecheck,
  type TerraformState,
  type TestCase,
  type TestStep,
} from "@tfkit/testing";
import { describeAcceptance, itAcceptance, itFakeCore } from "@tfkit/testing/vitest";
import { describe, it } from "vitest";
import { CLOCK_FILE_ENV, type Clock } from "../src/clock.js";
import { createProvider } from "../src/provider.js";
import { addDate, addSeconds, fromMillis, type GoTime, rfc3339Of, wallClock } from "../src/time.js";

/** The provider executable for terraform, bundled once per test file. */
export const launcher = fromEntry(new URL("../src/main.ts", import.meta.url).pathname, {
  conditions: ["@tfkit/source"],
});

const root = mkdtempSync(join(tmpdir(), "tfkit-time-"));
process.once("exit", () => rmSync(root, { recursive: true, force: true }));
let clocks = 0;

/**
 * Upstream's `timetesting.FakeClock`: the provider reads it in-process, and through a file named
 * by `TFKIT_TIME_FAKE_CLOCK_FILE` under terraform (rewritten on every move, read on every call).
 */
export class FakeClock implements Clock {
  #now: GoTime;
  readonly file: string;
  constructor(now: GoTime) {
    this.#now = now;
    this.file = join(root, `clock-${clocks++}.txt`);
    this.#write();
  }
  now(): GoTime {
    return this.#now;
  }
  /** `IncrementDate(years, months, days)`. */
  incrementDate(years: number, months: number, days: number): void {
    this.#now = addDate(this.#now, years, months, days);
    this.#write();
  }
  /** `Increment(seconds)`. */
  increment(seconds: number): void {
    this.#now = addSeconds(this.#now, seconds);
    this.#write();
  }
  #write(): void {
    // Sub-seconds are dropped by RFC 3339 formatting; the in-process clock drops them too.
    writeFileSync(this.file, rfc3339Of(this.#now));
  }
}

/** `time.Now().UTC()`, to whole seconds (what RFC 3339 formatting keeps anyway). */
export const now = (): GoTime => ({ ...fromMillis(Date.now()), nanos: 0 });

/** What a ported case needs from the runner it runs under. */
export interface CaseContext {
  /** The fake clock of this run (cases that use one; a fresh clock per run). */
  readonly clock: FakeClock | undefined;
}

/** One upstream test function, translated. */
export interface PortedCase {
  /** Upstream's Go test name. */
  readonly go: string;
  /** Whether the provider reads a fake clock (upstream's `protoV5ProviderFactoriesTestProvider(mockClock)`). */
  readonly fakeClock?: boolean;
  /** Set when the case cannot run under the fake core: why. */
  readonly cliOnly?: string;
  /** Builds the steps; called once per run so values recorded across steps stay per run. */
  readonly steps: (ctx: CaseContext) => readonly TestStep[];
  /** A state to start from (upstream: what an older provider version wrote). */
  readonly initialState?: () => FixtureState;
  /** Extra test timeout (ms) for slow cases. */
  readonly timeout?: number;
}

/** Registers the case under the fake core (unless CLI-only) and under terraform. */
export function registerCases(file: string, cases: readonly PortedCase[]): void {
  const build = (c: PortedCase): { testCase: TestCase; clock: FakeClock | undefined } => {
    const clock = c.fakeClock === true ? new FakeClock(now()) : undefined;
    const initialState = c.initialState?.();
    return {
      testCase: {
        providers: { time: launcher },
        steps: c.steps({ clock }),
        ...(initialState && { initialState }),
      },
      clock,
    };
  };
  describe(`${file} (fake core)`, () => {
    for (const c of cases) {
      if (c.cliOnly !== undefined) {
        it.skip(`${c.go} (terraform only: ${c.cliOnly})`, () => undefined);
        continue;
      }
      // Each run gets a clock of its own, and a provider reading it.
      itFakeCore(
        c.go,
        () => {
          const { testCase, clock } = build(c);
          return { testCase, options: { provider: createProvider(clock) } };
        },
        { provider: createProvider(), timeout: c.timeout ?? 30_000 },
      );
    }
  });
  describeAcceptance(`${file} (terraform)`, () => {
    // Each case has its own working directory and provider process: run them side by side.
    describe.concurrent("cases", () => {
      for (const c of cases) {
        // The provider process finds its clock through the environment the factory sets.
        itAcceptance(
          c.go,
          () => {
            const { testCase, clock } = build(c);
            return {
              testCase,
              options: { env: clock === undefined ? {} : { [CLOCK_FILE_ENV]: clock.file } },
            };
          },
          { timeout: 300_000 },
        );
      }
    });
  });
}

/** Upstream's `timetesting.Int64Between(min, max)`. */
export function int64Between(min: number, max: number | bigint): KnownValueMatcher {
  return {
    description: `int64Between(${min}, ${max})`,
    check: (actual) => {
      if (!isCtyNumber(actual)) return `expected a number, got ${JSON.stringify(actual)}`;
      const n = BigInt(actual.text());
      return n >= BigInt(min) && n <= BigInt(max) ? undefined : `expected ${min} ≤ n ≤ ${max}, got ${n}`;
    },
  };
}

/** `knownvalue.Int64Exact(n)`. */
export const int64 = (n: number) => knownvalue.numberExact(n);

/** The plan checks of every calendar attribute of `ts`. */
export function calendarPlanChecks(address: string, ts: GoTime): PlanCheck[] {
  return calendarFields(ts).map(([name, n]) => plancheck.expectKnownValue(address, name, int64(n)));
}

/** The calendar attributes of `ts` as upstream's models hold them. */
export function calendarAttributes(ts: GoTime): Record<string, number> {
  return Object.fromEntries(calendarFields(ts));
}

/** The state checks of every calendar attribute of `ts` (upstream lists them one by one). */
export function calendarChecks(address: string, ts: GoTime): StateCheck[] {
  return calendarFields(ts).map(([name, n]) => statecheck.expectKnownValue(address, name, int64(n)));
}

function calendarFields(ts: GoTime): [string, number][] {
  const w = wallClock(ts);
  const fields: [string, number][] = [
    ["day", w.day],
    ["hour", w.hour],
    ["minute", w.minute],
    ["month", w.month],
    ["second", w.second],
    ["unix", ts.unix],
    ["year", w.year],
  ];
  return fields;
}

/** The attributes of a resource in a shown state (as the Go tests' `rs.Primary.Attributes`). */
export function attributesOf(state: TerraformState, address: string): Record<string, unknown> {
  const found = state.resources.find((r) => r.address === address);
  if (found === undefined) throw new Error(`Not found: ${address}`);
  return found.values as Record<string, unknown>;
}

/** A flatmap attribute as Go's tests read it: null is "". */
export const flat = (v: unknown): string =>
  v === null || v === undefined ? "" : isCtyNumber(v) ? v.text() : String(v);
