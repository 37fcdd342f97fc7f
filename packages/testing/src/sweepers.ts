/**
 * One sweeper: deletes, in one region (or account, project, store…), what failed test runs left
 * behind for one kind of object.
 *
 * @remarks terraform-plugin-testing's `resource.Sweeper`.
 * @category testing
 */
export interface Sweeper {
  /** A unique name, usually the resource type (`demo_server`). */
  readonly name: string;
  /**
   * Sweepers that must run before this one in each region (e.g. attachments before the servers
   * they hold on to). Each runs once per region, however many sweepers depend on it.
   */
  readonly dependencies?: readonly string[];
  /**
   * Deletes the leftovers in `region`; throw to report a failure. Delete only what tests create
   * (match a name prefix such as `tfkit-test-`), never everything.
   */
  sweep(region: string): void | Promise<void>;
}

/**
 * What to sweep: the regions, and optionally which sweepers.
 *
 * @category testing
 */
export interface SweepOptions {
  /** The regions, each passed to every sweeper (terraform-plugin-testing's `-sweep=a,b`). */
  readonly regions: readonly string[];
  /**
   * Only these sweepers, and the ones they depend on (`-sweep-run=a,b`). Default: all.
   */
  readonly only?: readonly string[];
  /**
   * Keep going after a failure: the other sweepers still run, and the report lists every failure
   * (`-sweep-allow-failures`). Default `false`: stop at the first failure.
   */
  readonly allowFailures?: boolean;
}

/**
 * The outcome of one sweeper in one region.
 *
 * @category testing
 */
export interface SweepResult {
  /** The region. */
  readonly region: string;
  /** The sweeper's name. */
  readonly sweeper: string;
  /** Whether it returned without throwing. */
  readonly ok: boolean;
  /** The error message when it threw. */
  readonly error?: string;
  /** Wall-clock milliseconds. */
  readonly durationMs: number;
}

/**
 * What {@link SweeperRegistry.run} returns: every sweeper run, in the order they ran.
 *
 * @category testing
 */
export interface SweepReport {
  /** True when every sweeper that ran succeeded. */
  readonly ok: boolean;
  /** Each run, in order. */
  readonly results: readonly SweepResult[];
}

/**
 * A set of sweepers, run by region in dependency order.
 *
 * @category testing
 */
export interface SweeperRegistry {
  /** Registers a sweeper; throws a `TypeError` when the name is taken. */
  add(sweeper: Sweeper): this;
  /** The registered names, in registration order. */
  names(): readonly string[];
  /**
   * Runs the sweepers in each region, dependencies first. Sweeper failures are in the report;
   * unknown names, unknown dependencies and dependency cycles throw a `TypeError` before anything
   * runs.
   */
  run(options: SweepOptions): Promise<SweepReport>;
}

/**
 * Creates a sweeper registry: the place for the clean-up code that deletes what failed
 * acceptance runs left behind (a test that failed between create and destroy, an aborted run).
 *
 * @remarks terraform-plugin-testing's `resource.AddTestSweepers` and `resource.TestMain`'s
 * `-sweep` flags. A registry, not a module-level list, so two copies of the package (ESM and
 * CJS) cannot split it. Run it from a script or a test file with {@link parseSweepArgs}.
 * @example
 * ```ts
 * export const sweepers = createSweepers()
 *   .add({ name: "demo_attachment", sweep: (region) => api(region).deleteAttachments({ prefix: "tfkit-test-" }) })
 *   .add({ name: "demo_server", dependencies: ["demo_attachment"], sweep: (region) => api(region).deleteServers({ prefix: "tfkit-test-" }) });
 *
 * const report = await sweepers.run({ regions: ["eu-west-1"] });
 * ```
 * @category testing
 */
export function createSweepers(): SweeperRegistry {
  const sweepers = new Map<string, Sweeper>();
  const registry: SweeperRegistry = {
    add(sweeper) {
      if (typeof sweeper?.name !== "string" || sweeper.name === "" || typeof sweeper.sweep !== "function")
        throw new TypeError("createSweepers: a sweeper needs a name and a sweep(region) function");
      if (sweepers.has(sweeper.name))
        throw new TypeError(`createSweepers: a sweeper named "${sweeper.name}" is already registered`);
      sweepers.set(sweeper.name, sweeper);
      return registry;
    },
    names: () => [...sweepers.keys()],
    async run(options) {
      if (options.regions.length === 0) throw new TypeError("sweepers.run: name at least one region");
      const order = runOrder(sweepers, options.only);
      const results: SweepResult[] = [];
      for (const region of options.regions) {
        for (const name of order) {
          const t0 = performance.now();
          try {
            await (sweepers.get(name) as Sweeper).sweep(region);
            results.push({ region, sweeper: name, ok: true, durationMs: performance.now() - t0 });
          } catch (error) {
            results.push({
              region,
              sweeper: name,
              ok: false,
              error: error instanceof Error ? error.message : String(error),
              durationMs: performance.now() - t0,
            });
            if (!options.allowFailures) return { ok: false, results };
          }
        }
      }
      return { ok: results.every((r) => r.ok), results };
    },
  };
  return registry;
}

/** The sweepers to run (the selected ones and their dependencies), dependencies first. */
function runOrder(sweepers: ReadonlyMap<string, Sweeper>, only: readonly string[] | undefined): string[] {
  const roots = only ?? [...sweepers.keys()];
  const unknown = roots.filter((n) => !sweepers.has(n));
  if (unknown.length > 0)
    throw new TypeError(
      `sweepers.run: no sweeper named ${unknown.map((n) => `"${n}"`).join(", ")} (registered: ${[...sweepers.keys()].join(", ") || "none"})`,
    );
  const order: string[] = [];
  const done = new Set<string>();
  const visiting: string[] = [];
  const visit = (name: string) => {
    if (done.has(name)) return;
    if (visiting.includes(name))
      throw new TypeError(
        `sweepers.run: the dependencies form a cycle: ${[...visiting.slice(visiting.indexOf(name)), name].join(" → ")}`,
      );
    visiting.push(name);
    for (const dep of sweepers.get(name)?.dependencies ?? []) {
      if (!sweepers.has(dep))
        throw new TypeError(
          `sweepers.run: sweeper "${name}" depends on "${dep}", but no sweeper has that name`,
        );
      visit(dep);
    }
    visiting.pop();
    done.add(name);
    order.push(name);
  };
  for (const name of roots) visit(name);
  return order;
}

/**
 * Reads sweep options from command-line arguments (`--sweep=eu-west-1,us-east-1`,
 * `--sweep-run=demo_server`, `--sweep-allow-failures`) or, where a test runner owns the command
 * line, from `TFKIT_SWEEP`, `TFKIT_SWEEP_RUN` and `TFKIT_SWEEP_ALLOW_FAILURES`. Returns
 * undefined when no region is named (not a sweep run).
 *
 * @remarks terraform-plugin-testing's `-sweep`, `-sweep-run` and `-sweep-allow-failures` flags.
 * @example
 * ```ts
 * // sweep.test.ts — TFKIT_SWEEP=eu-west-1 npx vitest run sweep.test.ts
 * const args = parseSweepArgs();
 * it.skipIf(!args)("sweeps leftovers", async () => {
 *   const report = await sweepers.run(args!);
 *   expect(report.results.filter((r) => !r.ok)).toEqual([]);
 * });
 * ```
 * @category testing
 */
export function parseSweepArgs(
  argv: readonly string[] = process.argv.slice(2),
  env: Readonly<Record<string, string | undefined>> = process.env,
): SweepOptions | undefined {
  const flag = (name: string): string | undefined => {
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i] as string;
      if (arg.startsWith(`--${name}=`) || arg.startsWith(`-${name}=`)) return arg.slice(arg.indexOf("=") + 1);
      if (
        (arg === `--${name}` || arg === `-${name}`) &&
        argv[i + 1] !== undefined &&
        !argv[i + 1]?.startsWith("-")
      )
        return argv[i + 1];
    }
    return undefined;
  };
  const list = (v: string | undefined) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "");
  const regions = list(flag("sweep") ?? env.TFKIT_SWEEP);
  if (regions.length === 0) return undefined;
  const only = list(flag("sweep-run") ?? env.TFKIT_SWEEP_RUN);
  const allow =
    argv.some((a) => a === "--sweep-allow-failures" || a === "-sweep-allow-failures") ||
    (env.TFKIT_SWEEP_ALLOW_FAILURES ?? "") !== "";
  return { regions, ...(only.length > 0 ? { only } : {}), ...(allow ? { allowFailures: true } : {}) };
}
