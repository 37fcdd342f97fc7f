/**
 * Cases in parallel, each in its own working directory (real CLI) or its own in-memory state
 * (fake core); and runFakeCore's `env`: set for the run, restored after, one such run at a time.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type AcceptanceResult, runAcceptance, runFakeCore, type TestCase } from "../src/index.js";
import { CASE_TIMEOUT, failureOf, MODE } from "./support.js";
import {
  freshStore,
  hasTerraform,
  readWidgets,
  widgetsLauncher,
  widgetsProvider,
} from "./widgets-support.js";

const A = "widgets_widget.a";

/** Resolves for everyone once `n` parties arrived; fails if they do not within `ms` (not concurrent). */
function barrier(n: number, ms = 60_000): () => Promise<void> {
  let arrived = 0;
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return async () => {
    if (++arrived === n) open();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      opened,
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`only ${arrived} of ${n} cases started: they do not run concurrently`)),
          ms,
        );
      }),
    ]).finally(() => clearTimeout(timer));
  };
}

const caseNamed = (name: string, atStart: () => Promise<void>): TestCase => ({
  providers: { widgets: widgetsLauncher },
  steps: [
    { preConfig: atStart, structuredConfig: { resources: { [A]: { zone: "eu", name } } } },
    {
      structuredConfig: { resources: { [A]: { zone: "eu", name, size: 2 } } },
      expectPlan: { [A]: "update" },
    },
  ],
});

describe
  .skipIf(!hasTerraform)
  .concurrent("real CLI: two cases at once, each in its own working directory", () => {
    const bothStarted = barrier(2);
    const workdirs = new Map<string, string>();
    let finished = 0;
    let allDone = () => {};
    const done = new Promise<void>((resolve) => {
      allDone = resolve;
    });
    for (const name of ["web-left", "web-right"]) {
      it(
        name,
        async () => {
          const store = freshStore();
          let result: AcceptanceResult | undefined;
          try {
            result = await runAcceptance(caseNamed(name, bothStarted), {
              mode: MODE,
              keepWorkdir: true,
              env: { TFKIT_WIDGETS_STORE: store },
            });
            workdirs.set(name, result.workdir as string);
          } finally {
            if (++finished === 2) allDone();
          }
          await done;
          const dirs = [...workdirs.values()];
          expect(dirs).toHaveLength(2);
          expect(new Set(dirs).size).toBe(2);
          expect(dirs.some((d, i) => dirs.some((e, j) => i !== j && e.startsWith(`${d}/`)))).toBe(false);
          // Each directory holds its own case's configuration.
          expect(readFileSync(join(result.workdir as string, "work", "main.tf"), "utf8")).toContain(
            `"${name}"`,
          );
          expect(readWidgets(store).widgets).toEqual({});
          rmSync(result.workdir as string, { recursive: true, force: true });
        },
        CASE_TIMEOUT,
      );
    }
  });

describe.concurrent("fake core: two cases at once, each with its own state", () => {
  // No env: both runs share the test process's environment (one store file), and run interleaved.
  const store = freshStore();
  const bothStarted = barrier(2, 10_000);
  const previous = process.env.TFKIT_WIDGETS_STORE;
  process.env.TFKIT_WIDGETS_STORE = store;
  let finished = 0;
  for (const name of ["web-left", "web-right"]) {
    it(name, async () => {
      try {
        const result = await runFakeCore(caseNamed(name, bothStarted), { provider: widgetsProvider });
        expect(result.finalState.resources.map((r) => r.values.name)).toEqual([name]);
      } finally {
        if (++finished === 2) {
          if (previous === undefined) delete process.env.TFKIT_WIDGETS_STORE;
          else process.env.TFKIT_WIDGETS_STORE = previous;
        }
      }
    });
  }
});

describe("runFakeCore's env", () => {
  const PROBE = "TFKIT_TESTING_ENV_PROBE";
  afterEach(() => {
    delete process.env[PROBE];
  });

  it("is set during the run and restored after it (also after a failure)", async () => {
    process.env[PROBE] = "outer";
    const store = freshStore();
    const seen: (string | undefined)[] = [];
    const probe = () => void seen.push(`${process.env[PROBE]} ${process.env.TFKIT_WIDGETS_STORE === store}`);
    await runFakeCore(
      {
        providers: { widgets: widgetsLauncher },
        steps: [
          { preConfig: probe, structuredConfig: { resources: { [A]: { zone: "eu", name: "web-1" } } } },
        ],
      },
      { provider: widgetsProvider, env: { [PROBE]: "inner", TFKIT_WIDGETS_STORE: store } },
    );
    expect(seen).toEqual(["inner true"]);
    expect(process.env[PROBE]).toBe("outer");
    expect(process.env.TFKIT_WIDGETS_STORE).toBeUndefined();
    // The provider wrote to the store the env named (one create; the final destroy removed it).
    expect(readWidgets(store)).toEqual({ widgets: {}, serial: 1 });

    await failureOf(() =>
      runFakeCore(
        {
          providers: { widgets: widgetsLauncher },
          steps: [
            { preConfig: probe, planOnly: true, structuredConfig: {} },
            {
              preConfig: () => {
                throw new Error("boom");
              },
            },
          ],
        },
        { provider: widgetsProvider, env: { [PROBE]: "failing" } },
      ),
    );
    expect(process.env[PROBE]).toBe("outer");
  });

  it("runs with env one at a time, each seeing only its own values", async () => {
    const timeline: string[] = [];
    const tick = (who: string) => async () => {
      timeline.push(`${who}:${process.env[PROBE]}`);
      await new Promise((r) => setTimeout(r, 20));
      timeline.push(`${who}:${process.env[PROBE]}`);
    };
    const run = (who: string) =>
      runFakeCore(
        {
          providers: { widgets: widgetsLauncher },
          steps: [
            { preConfig: tick(who), planOnly: true, structuredConfig: {} },
            { preConfig: tick(who), planOnly: true, structuredConfig: {} },
          ],
        },
        { provider: widgetsProvider, env: { [PROBE]: who } },
      );
    await Promise.all([run("a"), run("b"), run("c")]);
    expect(timeline).toEqual([..."aaaabbbbcccc"].map((w) => `${w}:${w}`));
    expect(process.env[PROBE]).toBeUndefined();
  });
});
